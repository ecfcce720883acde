import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { userByEmail } from './support/seed-queries';
import { emailOf } from './support/accounts';

/**
 * The back-office when the session is gone (a 401 means logged out) or was never enough.
 * A back-office left mounted after its session ended used to log out again and again while the
 * navigation to / waited to be committed: a blank page and thousands of history entries for
 * 10–20 s. Counting the main frame's navigations catches that without timing anything.
 */

test.describe.configure({ mode: 'parallel' });

/** Main-frame navigations from now on (a document load counts once or twice, a history change once). */
function countNavigations(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Accedi con il tuo account' });

for (const path of ['/admin/users', '/admin', '/admin/teams/3']) {
  test(`a stale token on ${path} shows the login screen at once and is removed`, async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    const navigations = countNavigations(page);

    await page.goto(path);
    await expect(loginHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(navigations()).toBeLessThan(10);
  });
}

test('a session revoked while the back-office is open: the next page shows the login screen', async ({
  page,
  loginAs,
  request,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Utenti' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);
  const navigations = countNavigations(page);

  await page.getByRole('menuitem', { name: 'Team', exact: true }).click();
  await expect(loginHeading(page)).toBeVisible();
  // Said, not only shown: the session ended, and signing in leads back.
  await expect(
    page.getByRole('status').filter({ hasText: 'La sessione è scaduta: accedi di nuovo per tornare dove eri.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(navigations()).toBeLessThan(10);
});

test('signing out from the back-office shows the login screen', async ({ page, loginAs, seedDb }) => {
  const user = userByEmail(seedDb, emailOf('admin'));
  await loginAs(page, 'admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
  const navigations = countNavigations(page);

  await page
    .getByRole('button', { name: new RegExp(`Profilo|${user.name} ${user.surname}`) })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(loginHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(navigations()).toBeLessThan(10);
});

test('a user without any permission gets the Italian refusal on /admin/users, and stays signed in', async ({
  pageAs,
}) => {
  const page = await pageAs('ospite');
  const navigations = countNavigations(page);

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Accesso negato' }).first()).toBeVisible();
  await expect(page.getByText('Non hai i permessi', { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  expect(navigations()).toBeLessThan(10);
});
