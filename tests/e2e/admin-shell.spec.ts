import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The admin area: navigation, dashboard, access and gates; no serious axe violations in the lists. */

test.describe.configure({ mode: 'parallel' });

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test('the admin dashboard greets the user and shows the four counts', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
  const count = (sql: string) => (seedDb.prepare(sql).get() as { n: number }).n;
  await expect(page.getByTestId('stat-users')).toHaveText(String(count('select count(*) n from users')));
  await expect(page.getByTestId('stat-teams')).toHaveText(String(count('select count(*) n from teams')));
  await expect(page.getByTestId('stat-sessions')).toHaveText(String(count('select count(*) n from sessions')));
  await expect(page.getByTestId('stat-experts')).toHaveText(
    String(count('select count(*) n from users where is_expert = 1')),
  );
  for (const label of ['Utenti', 'Team', 'Sessioni', 'Esperti'])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
});

test('the menu lists the pages in order and "Torna indietro" leads to /dashboard', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  const menu = page.getByRole('menu').or(page.locator('.RaMenu-open, .RaMenu-root')).first();
  for (const [name, path] of [
    ['Esperti', '/admin/experts'],
    ['Ruoli', '/admin/roles'],
    ['Sessioni', '/admin/sessions'],
    ['Team', '/admin/teams'],
    ['Utenti', '/admin/users'],
    ['Videocorsi', '/admin/courses'],
  ]) {
    await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveAttribute('href', path);
  }
  // Every name is shown whole (a long one wraps), none ends in "…".
  const cut = await menu
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.flatMap((item) =>
        [...item.querySelectorAll('p, span')]
          .filter((text) => text.scrollWidth > text.clientWidth + 1)
          .map(() => item.textContent),
      ),
    );
  expect(cut).toEqual([]);
  // The current page's item says so, on the dashboard and on a section.
  await expect(menu.locator('[aria-current="page"]')).toHaveText('Dashboard');
  await menu.getByRole('menuitem', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  await expect(menu.locator('[aria-current="page"]')).toHaveText('Team');
  await menu.getByRole('menuitem', { name: 'Torna indietro' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const path of ['/admin/experts', '/admin/roles', '/admin/teams', '/admin/users', '/admin/sessions']) {
  test(`${path} has one h1 and no serious accessibility violations`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: /^Gestione / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Tutt[ie] / })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.locator('[data-testid="skeleton-card"]')).toHaveCount(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const account of ['membro', 'ospite'] as const) {
  test(`${account}: no Admin entry, /admin/users asks for none of the data and says so, the API answers 403`, async ({
    pageAs,
    seedDb,
  }) => {
    const page = await pageAs(account);
    await page.goto('/dashboard');
    await expect(page.getByText(/^Ciao,/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

    const someone = seedDb.prepare("select email from users where email = 'admin@example.com'").get() as {
      email: string;
    };
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/users') answers.push(response.status());
    });
    await page.goto('/admin/users');
    await expect(
      page
        .getByText('Accesso negato')
        .or(page.getByText('Non hai i permessi', { exact: false }))
        .first(),
    ).toBeVisible();
    await expect(page.getByText(someone.email)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Gestione Utenti' })).toHaveCount(0);
    // Refused before asking: no request, so no error notification either.
    expect(answers).toEqual([]);
    // The tab says so too, in Italian, here and on the dashboard refused in place.
    await expect(page).toHaveTitle('Accesso negato · Back-office · Percorso');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Accesso negato' })).toBeVisible();
    await expect(page).toHaveTitle('Accesso negato · Back-office · Percorso');

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const response = await page.request.get('/api/users', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(403);
  });
}

/** Holds react-admin's code back until the returned function is called. */
async function holdAdminApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/AdminApp-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Where the dashboard's heading and introduction are. */
async function headingPlace(page: Page) {
  return {
    heading: await page.getByRole('heading', { level: 1, name: 'Ciao, Alessandra' }).boundingBox(),
    intro: await page.getByText(/^Da qui gestisci esperti/).boundingBox(),
  };
}

test("the back-office's shell paints its bar and the dashboard's heading before react-admin, which takes over in place", async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  const shell = page.getByTestId('admin-shell');
  for (const [width, menuOpen] of [
    [390, null],
    [1280, null],
    [1280, 'false'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    if (menuOpen) await page.evaluate((open) => localStorage.setItem('RaStorepercorso.sidebar.open', open), menuOpen);
    const release = await holdAdminApp(page);
    await page.goto('/admin');
    // react-admin's code held back: what shows is the shell alone.
    await expect(shell.getByRole('heading', { level: 1, name: 'Ciao, Alessandra' })).toBeVisible();
    await expect(shell).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('stat-users')).toHaveCount(0);
    const before = await headingPlace(page);
    release();
    await expect(page.getByTestId('stat-users')).toHaveText(/^\d+$/);
    await expect(shell).toHaveCount(0);
    // The same place in react-admin's layout (its menu open or left closed): nothing moves when it takes over.
    expect(await headingPlace(page), `${width} px, menu ${menuOpen ?? 'as by default'}`).toEqual(before);
    await page.unrouteAll();
  }
});

test('the shell of another back-office page shows the bar and a spinner, no heading', async ({ pageAs }) => {
  const page = await pageAs('admin');
  const release = await holdAdminApp(page);
  await page.goto('/admin/teams');
  const shell = page.getByTestId('admin-shell');
  await expect(shell.getByRole('progressbar', { name: 'Caricamento...' })).toBeVisible();
  await expect(shell.getByRole('heading')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  await expect(shell).toHaveCount(0);
});
