// What moves on the portal pages while they load, for each demo account, on a phone and a desktop:
//   node scripts/bench/layout-shifts.mjs [account…]      (default: membro esperto admin ospite)
// Every API answer is held DELAY ms (default 700: a slow phone network), so each part of a page
// arrives on its own, as it can for a real user. Each load: a fresh tab of the signed-in account,
// WIDTHS px wide (default 412,1280), observed until the network is idle and 1.5 s more. Printed per
// page: the layout shifts the browser reports (not those right after input), each with the
// elements that moved, their first words and their top and height before and after. A page that
// paints, then learns something that changes its layout (who the user is, a list's length), shows
// here; tests/e2e/courses.spec.ts holds a page's reads the same way to keep one at zero.
import { chromium } from '@playwright/test';
import { routeIds } from './bundle.mjs';
import { startSectionServer } from './server.mjs';
import { signIn } from './signIn.mjs';

const accounts = process.argv.slice(2).length ? process.argv.slice(2) : ['membro', 'esperto', 'admin', 'ospite'];
const delay = Number(process.env.DELAY ?? 700);
const widths = (process.env.WIDTHS ?? '412,1280').split(',').map(Number);

function portalPaths({ team, session, course, module, lesson }) {
  const lessons = `/courses/${course}/modules/${module}/lessons`;
  return [
    '/dashboard',
    `/percorso/${team}`,
    `/percorso/${team}/sessions/${session}`,
    '/courses',
    `/courses/${course}/modules`,
    lessons,
    `${lessons}/${lesson}`,
    '/segnala-accessibilita',
    '/accessibilita',
  ];
}

/** Runs in the page before its scripts: keeps every layout shift, with what moved. */
function observeShifts() {
  const shifts = [];
  globalThis.__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        sources: entry.sources.map(({ node, previousRect, currentRect }) => ({
          element: node ? `${node.nodeName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 40)}"` : '(gone)',
          before: [Math.round(previousRect.y), Math.round(previousRect.height)],
          after: [Math.round(currentRect.y), Math.round(currentRect.height)],
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const { databasePath, server } = await startSectionServer('layout-shifts');
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
  const paths = portalPaths(routeIds(databasePath));
  for (const account of accounts) {
    const context = await browser.newContext({ baseURL: server.url });
    await signIn(context, `${account}@example.com`);
    await context.addInitScript(observeShifts);
    await context.route(/\/api\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    });
    for (const width of widths) {
      console.log(`\n${account}, ${width} px, every API answer ${delay} ms late`);
      for (const path of paths) {
        const page = await context.newPage();
        await page.setViewportSize({ width, height: width < 600 ? 823 : 800 });
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        const shifts = await page.evaluate(() => globalThis.__layoutShifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        console.log(
          `  ${path.padEnd(40)} ${shifts.length ? `${total.toFixed(4)} in ${shifts.length} shift(s)` : 'no shift'}`,
        );
        for (const shift of shifts) {
          const moved = shift.sources.map(
            (source) => `${source.element} ${source.before.join('/')} → ${source.after.join('/')}`,
          );
          console.log(`    ${shift.value.toFixed(4)}: ${moved.join('; ')}`);
        }
        await page.close();
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
