// What runs in each long main-thread task of portal pages, from a Chromium trace:
//   node scripts/bench/longtasks-breakdown.mjs [path…]      (default /dashboard; RUNS=3 loads each)
// Each load: a fresh tab of a signed-in member, a cold HTTP cache, traced until the network is idle
// and a second more (trace-tasks.mjs). By default the CPU runs at full speed, as when Lighthouse's
// mobile profile loads a page, and a task is listed from 12.5 ms, which that profile counts as
// 50 ms (it multiplies by 4). THROTTLE=4 really slows the CPU 4× and lists tasks from 50 ms.
// TRACE_FILE=path keeps the last load's trace (chrome://tracing, or Perfetto, opens it).
// For each task: its start, its length, how much of it the page's thread really ran (the rest it
// waited for a core), its outermost pieces of work (a script's evaluation, a function call, HTML
// parsing, style, layout, paint…) and whose code ran in it. One load varies by tens of
// milliseconds here: read several, and compare two builds side by side with longtasks-compare.mjs.
import { chromium } from '@playwright/test';
import { startSectionServer } from './server.mjs';
import { signIn } from './signIn.mjs';
import { traceLoad } from './trace-tasks.mjs';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/dashboard'];
const runs = Math.max(1, Number(process.env.RUNS) || 3);
const throttle = Math.max(1, Number(process.env.THROTTLE) || 1);
const barMs = throttle === 1 ? 12.5 : 50;
const ms = (value) => value.toFixed(1).padStart(6);

const { server } = await startSectionServer('longtasks-breakdown');
const browser = await chromium.launch({
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
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
  await signIn(context, 'membro@example.com');
  for (const path of paths) {
    for (let run = 1; run <= runs; run++) {
      const tasks = await traceLoad(browser, context, server.url, path, {
        throttle,
        barMs,
        traceFile: process.env.TRACE_FILE,
      });
      console.log(`\n${path}, load ${run} (CPU ${throttle}×): ${tasks.length} task(s) over ${barMs} ms`);
      for (const task of tasks) {
        const asLighthouse =
          throttle === 1
            ? ` (Lighthouse's 4×: ${(task.duration * 4).toFixed(0)} ms; own work ×4: ${(task.cpu * 4).toFixed(0)} ms)`
            : '';
        console.log(
          `  at ${task.start.toFixed(0)} ms: ${task.duration.toFixed(1)} ms, the thread ran ${task.cpu.toFixed(1)} ms${asLighthouse}`,
        );
        for (const [what, { wall, cpu }] of task.parts)
          if (wall >= 0.5) console.log(`    ${ms(wall)} ms (ran ${ms(cpu)} ms)  ${what}`);
        if (task.scripts.length)
          console.log(
            `    code that ran: ${task.scripts.map(([file, spent]) => `${file} ${spent.toFixed(1)} ms`).join(', ')}`,
          );
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
