import { expect, test } from './fixtures';

/** A screen whose code cannot be downloaded says so and offers a reload, instead of a blank page. */

test.describe.configure({ mode: 'parallel' });

const COURSES_CHUNK = /\/assets\/CourseListPage-[^/]+\.js$/;
const ADMIN_CHUNK = /\/assets\/AdminApp-[^/]+\.js$/;

test('a portal page that fails to load keeps the layout, and a reload brings the page', async ({ pageAs }) => {
  const page = await pageAs('membro');
  await page.goto('/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(navigation.getByRole('link', { name: 'Videocorsi' })).toBeVisible();

  await page.route(COURSES_CHUNK, (route) => route.abort('internetdisconnected'));
  await navigation.getByRole('link', { name: 'Videocorsi' }).click();
  // Named in the header like any page, and focused there: a keyboard or screen reader user is told.
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Ricarica la pagina per riprovare.');
  await expect(page).toHaveTitle('Impossibile mostrare la pagina · Percorso');
  // The menu still works: another page renders in place of the error.
  await navigation.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Back on the failed page, once the connection is back, "Ricarica la pagina" loads it.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  await page.unroute(COURSES_CHUNK);
  await page.getByRole('button', { name: 'Ricarica la pagina' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  await expect(page.getByText('Impossibile mostrare la pagina')).toHaveCount(0);
});

test('a back-office that fails to load shows the error as a whole page', async ({ pageAs }) => {
  const page = await pageAs('admin');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(ADMIN_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/admin');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  await page.unroute(ADMIN_CHUNK);
  await page.getByRole('button', { name: 'Ricarica la pagina' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
  expect(errors).toEqual([]);
});

test('reached from the portal, the failed back-office takes focus to its heading', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/dashboard');
  await page.route(ADMIN_CHUNK, (route) => route.abort('internetdisconnected'));
  const link = page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Admin' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toBeFocused();
  await expect(page).toHaveTitle('Impossibile mostrare la pagina · Percorso');
});
