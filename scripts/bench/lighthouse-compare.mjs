// Lighthouse's mobile audit of the same portal pages served by this checkout and another one, run
// alternately in one process, so that the host's load weighs on both alike:
//   node scripts/bench/lighthouse-compare.mjs <other checkout> [path…]     (RUNS=6 audits a page each)
// The other checkout is prepared as for longtasks-compare.mjs (its build and node_modules). Each
// audit is the bench's own (lighthouse.mjs: performance, default simulated throttling, cold HTTP
// cache) as the member demo account. Per page and checkout: the mean number of main-thread tasks over
// 50 ms, the median performance score and total blocking time. Two separate bench runs differ by
// more than most changes do on this machine; only a side-by-side run tells a change's effect.
// Every report: .bench/lighthouse-compare-{0,1}/<route>-<run>.json (0 the other checkout).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort, repoRoot } from './server.mjs';
import { signIn } from './signIn.mjs';
import { printTable } from './table.mjs';

const [other, ...args] = process.argv.slice(2);
if (!other) {
  console.error('usage: node scripts/bench/lighthouse-compare.mjs <other checkout> [path…]');
  process.exit(2);
}
const checkouts = [resolve(other), repoRoot.replace(/\/$/, '')];
const paths = args.length ? args : ['/dashboard', '/percorso/1', '/courses'];
const runs = Math.max(1, Number(process.env.RUNS) || 6);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

const servers = [];
const profile = mkdtempSync(join(tmpdir(), 'percorso-lighthouse-compare-'));
let context;
try {
  for (const [index, checkout] of checkouts.entries()) {
    const { startSectionServer } = await import(`${checkout}/scripts/bench/server.mjs`);
    const { dir, server } = await startSectionServer(`lighthouse-compare-${index}`);
    servers.push({ ...server, dir });
  }
  const debuggingPort = await freePort();
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Each server is its own origin, so each keeps its own signed-in member in the one profile.
  for (const server of servers) await signIn(context, 'membro@example.com', { origin: server.url });
  const audits = new Map();
  for (let run = 0; run < runs; run++) {
    for (const path of paths) {
      for (const [index, server] of servers.entries()) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result.lhr;
        writeFileSync(
          join(server.dir, `${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'login'}-${run + 1}.json`),
          JSON.stringify(lhr),
        );
        const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).filter((task) => task.duration > 50);
        const key = `${path}\t${index}`;
        if (!audits.has(key)) audits.set(key, []);
        audits.get(key).push({
          tasks: tasks.length,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          blocking: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        });
      }
    }
  }
  const rows = [];
  for (const path of paths) {
    for (const [index, checkout] of checkouts.entries()) {
      const results = audits.get(`${path}\t${index}`);
      const landed = [...new Set(results.map((result) => result.finalPath))].filter((final) => final !== path);
      rows.push([
        path + (landed.length ? ` → ${landed.join(', ')}` : ''),
        index === 1 ? 'this checkout' : checkout,
        mean(results.map((result) => result.tasks)).toFixed(1),
        median(results.map((result) => result.score)),
        `${Math.round(median(results.map((result) => result.blocking)))} ms`,
        results.map((result) => result.tasks).join(' '),
      ]);
    }
  }
  printTable(['page', 'checkout', 'tasks > 50 ms (mean)', 'performance (median)', 'TBT (median)', 'per audit'], rows);
} finally {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  for (const server of servers) await server.stop();
}
