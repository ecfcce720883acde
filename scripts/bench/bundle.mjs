// Bundle budget: the JavaScript each route loads before it has rendered, brotli-compressed.
// Each route is opened in a fresh headless Chromium context (empty cache) against the real server,
// as a signed-in demo user where the route needs one; every script response until the network is
// idle is counted (the entry, its static imports, and the route's lazily loaded chunks).
// --verbose lists the files behind each total.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { SQLite } from './sqlite.mjs';
import { chromium } from '@playwright/test';
import { ensureBuild, startSectionServer } from './server.mjs';
import { signIn } from './signIn.mjs';
import { kib, printTable } from './table.mjs';

const BUDGET_KIB = 120;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

async function signedInState(browser, baseURL, email) {
  const context = await browser.newContext({ baseURL });
  await signIn(context, email);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Ids for the parameterised routes, read from the freshly seeded database. */
export function routeIds(databasePath) {
  const db = new SQLite(databasePath, { readonly: true });
  try {
    const one = (query, ...params) => db.prepare(query).get(...params);
    const member = one("select id from users where email = 'membro@example.com'");
    const team = member && one('select team_id as id from team_members where user_id = ? order by team_id', member.id);
    const session =
      team && one('select session_id as id from session_teams where team_id = ? order by session_id', team.id);
    const lesson = one(
      `select c.id as course, m.id as module, l.id as lesson from lessons l
       join modules m on m.id = l.module_id join courses c on c.id = m.course_id
       order by c.published desc, c.id, m.position, l.position`,
    );
    return {
      team: team?.id ?? 1,
      session: session?.id ?? 1,
      course: lesson?.course ?? 1,
      module: lesson?.module ?? 1,
      lesson: lesson?.lesson ?? 1,
    };
  } finally {
    db.close();
  }
}

function routes(ids) {
  const lessons = `/courses/${ids.course}/modules/${ids.module}/lessons`;
  return [
    { path: '/', as: null, budget: true },
    { path: '/auth/callback', as: null, budget: true },
    { path: '/accessibilita', as: null, budget: true },
    { path: '/dashboard', as: 'membro', budget: true },
    { path: `/percorso/${ids.team}`, as: 'membro', budget: true },
    { path: `/percorso/${ids.team}/sessions/${ids.session}`, as: 'membro', budget: true },
    { path: `/sessions/${ids.session}`, as: 'membro', budget: true },
    { path: '/courses', as: 'membro', budget: true },
    { path: `/courses/${ids.course}/modules`, as: 'membro', budget: true },
    { path: lessons, as: 'membro', budget: true },
    { path: `${lessons}/${ids.lesson}`, as: 'membro', budget: true },
    { path: '/segnala-accessibilita', as: 'membro', budget: true },
    { path: '/accessi-attivi', as: 'membro', budget: true },
    // The same form opens for a visitor, in the statement's frame instead of the portal's layout.
    { path: '/segnala-accessibilita', as: null, budget: true, label: '/segnala-accessibilita (visitor)' },
    { path: '/admin', as: 'admin', budget: false },
    { path: '/admin/teams', as: 'admin', budget: false },
    { path: '/admin/courses', as: 'admin', budget: false },
  ];
}

/**
 * The route patterns of the app's route table (src/App.tsx and src/portal/pageLoads.ts) that no path
 * above opens: a new page must join the list rather than escape the budget.
 */
function unmeasuredRoutes(paths) {
  const patterns = ['src/App.tsx', 'src/portal/pageLoads.ts'].flatMap((file) =>
    [
      ...readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').matchAll(/path[=:]\s*["'`]([^"'`*]+)["'`]/g),
    ].map((match) => match[1]),
  );
  const matcher = (pattern) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);
  return patterns.filter((pattern) => !paths.some((path) => matcher(pattern).test(path)));
}

async function measure(browser, baseURL, route, storageState) {
  const context = await browser.newContext({ baseURL, storageState: storageState ?? undefined });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
    }
  });
  await page.goto(route.path, { waitUntil: 'networkidle', timeout: 60_000 });
  const files = await Promise.all(
    [...scripts].map(async ([url, body]) => {
      const bytes = await body;
      return { name: new URL(url).pathname, raw: bytes.length, brotli: brotliSize(bytes) };
    }),
  );
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    brotli: files.reduce((sum, file) => sum + file.brotli, 0),
    finalPath,
  };
}

function brotliSize(bytes) {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** With --verbose: the files behind each route's total, largest first. */
function printFiles(path, files) {
  console.log(`\n${path}`);
  for (const file of [...files].sort((a, b) => b.brotli - a.brotli)) {
    console.log(`  ${kib(file.brotli).padStart(7)} KiB  ${file.name}`);
  }
}

export async function bundleBudget() {
  ensureBuild(process.argv.includes('--build'));
  // The browser first: when it cannot start, no server is left running behind the error.
  const browser = await chromium.launch(launchOptions);
  let server;
  try {
    let databasePath;
    ({ databasePath, server } = await startSectionServer('bundle'));
    const states = {};
    for (const account of ['membro', 'admin'])
      states[account] = await signedInState(browser, server.url, `${account}@example.com`);
    const rows = [];
    const details = [];
    const summary = [];
    let over = 0;
    const list = routes(routeIds(databasePath));
    const missing = unmeasuredRoutes(list.map((route) => route.path));
    if (missing.length) console.log(`Routes of the app that this list does not open: ${missing.join(', ')}`);
    for (const route of list) {
      const result = await measure(browser, server.url, route, route.as && states[route.as]);
      const redirected = result.finalPath !== route.path ? `→ ${result.finalPath}` : '';
      const status = !route.budget ? 'info' : result.brotli <= BUDGET_KIB * 1024 ? 'PASS' : 'OVER';
      if (status === 'OVER') over++;
      rows.push([
        route.path,
        route.as ?? 'visitor',
        redirected,
        result.files.length,
        kib(result.raw),
        kib(result.brotli),
        route.budget ? BUDGET_KIB : '-',
        status,
      ]);
      details.push([route.path, result.files]);
      summary.push({
        what: `JS before first render ${route.label ?? route.path}${route.budget ? '' : ' (back-office)'}`,
        measured: `${kib(result.brotli)} KiB`,
        goal: route.budget ? `≤ ${BUDGET_KIB} KiB brotli` : 'reported',
        pass: route.budget ? status === 'PASS' : null,
      });
    }
    printTable(['route', 'as', 'redirect', 'files', 'raw KiB', 'brotli KiB', 'budget KiB', 'status'], rows);
    console.log(
      over
        ? `${over} route(s) over the ${BUDGET_KIB} KiB budget`
        : `every login and portal route is within ${BUDGET_KIB} KiB brotli (back-office routes are shown for information)`,
    );
    if (process.argv.includes('--verbose')) for (const [path, files] of details) printFiles(path, files);
    return summary;
  } finally {
    await browser.close();
    await server?.stop();
  }
}
