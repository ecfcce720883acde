// The portal pages' main-thread tasks over 50 ms, counted two ways from traced loads at full speed
// (trace-tasks.mjs), LONGTASKS_RUNS loads a page (default 5), the median load reported:
// - as Lighthouse's mobile profile counts them: a task's length × 4, waits for a core included;
// - the page's own work: the time its thread really ran in a task × 4, what a phone's core of a
//   quarter of this one's speed would spend on it, with no other process on that core.
// The difference is this two-core machine: the browser's own processes and the server run beside
// the page while it loads. Reported for information beside Lighthouse's row, which keeps the goal.
import { chromium } from '@playwright/test';
import { routeIds } from './bundle.mjs';
import { ensureBuild, startSectionServer } from './server.mjs';
import { signIn } from './signIn.mjs';
import { printTable } from './table.mjs';
import { traceLoad } from './trace-tasks.mjs';

const SLOWDOWN = 4;
const BAR_MS = 50;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function longTaskCounts() {
  ensureBuild(process.argv.includes('--build'));
  const { databasePath, server } = await startSectionServer('longtasks');
  const runs = Math.max(1, Number(process.env.LONGTASKS_RUNS) || 5);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const ids = routeIds(databasePath);
    const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    const member = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    await signIn(member, 'membro@example.com');
    const pages = [
      { path: '/', context: visitor },
      { path: '/dashboard', context: member },
      { path: `/percorso/${ids.team}`, context: member },
      { path: `/percorso/${ids.team}/sessions/${ids.session}`, context: member },
      { path: '/courses', context: member },
      { path: `/courses/${ids.course}/modules/${ids.module}/lessons/${ids.lesson}`, context: member },
    ];
    const rows = [];
    const summary = [];
    for (const { path, context } of pages) {
      const loads = [];
      for (let run = 0; run < runs; run++) {
        const tasks = await traceLoad(browser, context, server.url, path, { barMs: BAR_MS / SLOWDOWN, profile: false });
        loads.push({
          asLighthouse: tasks.filter((task) => task.duration * SLOWDOWN > BAR_MS).length,
          ownWork: tasks.filter((task) => task.cpu * SLOWDOWN > BAR_MS).length,
          longestOwn: Math.max(0, ...tasks.map((task) => task.cpu * SLOWDOWN)),
          longest: Math.max(0, ...tasks.map((task) => task.duration * SLOWDOWN)),
        });
      }
      const asLighthouse = median(loads.map((load) => load.asLighthouse));
      const ownWork = median(loads.map((load) => load.ownWork));
      const longestOwn = Math.round(median(loads.map((load) => load.longestOwn)));
      rows.push([path, asLighthouse, `${Math.round(median(loads.map((load) => load.longest)))} ms`, ownWork, `${longestOwn} ms`, loads.map((load) => `${load.asLighthouse}/${load.ownWork}`).join(' ')]);
      summary.push({
        what: `tasks over 50 ms, the page's own work ×4 ${path}`,
        measured: `${ownWork} (longest ${longestOwn} ms); with waits, as Lighthouse counts: ${asLighthouse}`,
        goal: 'reference for the Lighthouse row',
        pass: null,
      });
    }
    printTable(['page', 'tasks > 50 ms as Lighthouse counts', 'longest', 'own work > 50 ms', 'longest own work', 'per load (counted / own)'], rows);
    console.log(`${runs} loads a page at full speed, the median load; a task's length and the time the page's thread ran in it, each × ${SLOWDOWN}.`);
    return summary;
  } finally {
    await browser.close();
    await server.stop();
  }
}
