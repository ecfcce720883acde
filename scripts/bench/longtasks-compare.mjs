// Main-thread tasks over 50 ms of the same portal pages served by this checkout and another one,
// loaded alternately in one run, so that the host's load weighs on both alike:
//   node scripts/bench/longtasks-compare.mjs <other checkout> [path…]      (RUNS=8 loads per page each)
// The other checkout is any folder with this repository built (`npx vite build`) and its
// node_modules, e.g. `git worktree add ../base HEAD~1 && ln -s "$PWD/node_modules" ../base/ && (cd
// ../base && npx vite build)`. Each load: a fresh tab of a signed-in member, a cold HTTP cache, the CPU
// slowed 4× (Lighthouse's mobile profile), the tasks the browser reports (`longtask` entries) until
// the network is idle and a second more. Per page and checkout: the mean number of tasks over 50 ms,
// the median blocking time (the part of each task beyond 50 ms, summed) and the median longest task.
// A single page load varies by tens of milliseconds here; compare means over several runs, never
// one load.
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot } from './server.mjs';
import { signIn } from './signIn.mjs';
import { printTable } from './table.mjs';

const [other, ...args] = process.argv.slice(2);
if (!other) {
  console.error('usage: node scripts/bench/longtasks-compare.mjs <other checkout> [path…]');
  process.exit(2);
}
const checkouts = [resolve(other), repoRoot.replace(/\/$/, '')];
const paths = args.length ? args : ['/dashboard', '/percorso/1', '/courses'];
const runs = Math.max(1, Number(process.env.RUNS) || 8);

const servers = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every task the page's main thread reports over 50 ms, from the navigation on (run in the page). */
function observeLongTasks() {
  globalThis.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

let browser;
try {
  for (const [index, checkout] of checkouts.entries()) {
    // Each checkout's own server module: its own repository root, build and code.
    const { startSectionServer } = await import(`${checkout}/scripts/bench/server.mjs`);
    servers.push((await startSectionServer(`longtasks-compare-${index}`)).server);
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const contexts = [];
  for (const server of servers) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    await signIn(context, 'membro@example.com');
    contexts.push(context);
  }
  const loads = new Map();
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      for (const [index, context] of contexts.entries()) {
        const page = await context.newPage();
        await page.addInitScript(observeLongTasks);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1000);
        const tasks = (await page.evaluate(() => globalThis.__longTasks)).filter((duration) => duration > 50);
        const key = `${path}\t${index}`;
        if (!loads.has(key)) loads.set(key, []);
        loads.get(key).push({
          count: tasks.length,
          blocking: tasks.reduce((sum, duration) => sum + duration - 50, 0),
          longest: Math.max(0, ...tasks),
        });
        await page.close();
      }
    }
  }
  const rows = [];
  for (const path of paths) {
    for (const [index, checkout] of checkouts.entries()) {
      const results = loads.get(`${path}\t${index}`);
      rows.push([
        path,
        index === 1 ? 'this checkout' : checkout,
        (results.reduce((sum, load) => sum + load.count, 0) / results.length).toFixed(1),
        `${Math.round(median(results.map((load) => load.blocking)))} ms`,
        `${Math.round(median(results.map((load) => load.longest)))} ms`,
        results.map((load) => load.count).join(' '),
      ]);
    }
  }
  printTable(['page', 'checkout', 'tasks > 50 ms (mean)', 'blocking (median)', 'longest (median)', 'per load'], rows);
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
}
