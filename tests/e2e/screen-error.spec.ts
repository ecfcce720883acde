import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { teamsOf, userByEmail } from './support/seed-queries';

/**
 * A screen whose code cannot be downloaded says so, instead of a blank page, and "Riprova"
 * downloads it again in place: no reload, so the app keeps its state (the session, the query cache).
 */

test.describe.configure({ mode: 'parallel' });

const COURSES_CHUNK = /\/assets\/CourseListPage-[^/]+\.js$/;
const ADMIN_CHUNK = /\/assets\/AdminApp-[^/]+\.js$/;

/** Marks the loaded document, and counts its 'load' events: both change only with a reload. */
async function watchForReload(page: Page) {
  await page.evaluate(() => {
    Object.assign(window, { sameDocument: true, loads: 0 });
    window.addEventListener('load', () =>
      Object.assign(window, { loads: (window as unknown as { loads: number }).loads + 1 }),
    );
  });
  return () =>
    page.evaluate(() => ({
      sameDocument: 'sameDocument' in window,
      loads: (window as unknown as { loads: number }).loads,
    }));
}

test('a portal page that fails to load keeps the layout, and "Riprova" brings the page in place', async ({
  pageAs,
}) => {
  const page = await pageAs('membro');
  await page.goto('/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(navigation.getByRole('link', { name: 'Videocorsi' })).toBeVisible();
  const reloaded = await watchForReload(page);

  await page.route(COURSES_CHUNK, (route) => route.abort('internetdisconnected'));
  await navigation.getByRole('link', { name: 'Videocorsi' }).click();
  // Named in the header like any page, and focused there: a keyboard or screen reader user is told.
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toBeFocused();
  await expect(page.getByRole('alert')).toContainText(
    'La connessione si è interrotta o il portale è stato aggiornato.',
  );
  await expect(page.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  await expect(page).toHaveTitle('Impossibile mostrare la pagina · Percorso');

  // Still offline: the retry fails too, and focus is back on "Riprova" for the next one.
  await page.getByRole('button', { name: 'Riprova' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Riprova' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toBeVisible();

  // The menu still works: another page renders in place of the error.
  await navigation.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Back on the failed page, once the connection is back, "Riprova" shows it in the same document.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible();
  await page.unroute(COURSES_CHUNK);
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  await expect(page.getByText('Impossibile mostrare la pagina')).toHaveCount(0);
  await expect(page).toHaveURL(/\/courses$/);
  expect(await reloaded()).toEqual({ sameDocument: true, loads: 0 });
});

test('a back-office that fails to load shows the error as a whole page, and "Riprova" loads it in place', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(ADMIN_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/admin');
  const failed = page.getByRole('main').getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' });
  await expect(failed).toBeVisible();
  const reloaded = await watchForReload(page);
  // A retry that fails again shows the whole page again, its heading focused as the first time.
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(failed).toBeFocused();
  await page.unroute(ADMIN_CHUNK);
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
  expect(await reloaded()).toEqual({ sameDocument: true, loads: 0 });
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

const TEAM_LIST_CHUNK = /\/assets\/TeamList-[^/]+\.js$/;

test('a back-office section that fails to load keeps the menu, and "Riprova" loads it in place', async ({ pageAs }) => {
  const page = await pageAs('admin');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
  await page.route(TEAM_LIST_CHUNK, (route) => route.abort('internetdisconnected'));
  const reloaded = await watchForReload(page);
  await page.getByRole('menuitem', { name: 'Team', exact: true }).click();
  const failed = page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' });
  await expect(failed).toBeVisible();
  await expect(page).toHaveTitle('Impossibile mostrare la pagina · Back-office · Percorso');
  const retry = page.getByRole('button', { name: 'Riprova' });
  await expect(retry).toBeFocused();
  // A retry that fails again asks again: the browser is asked for the chunk each time.
  let asked = 0;
  await page.unroute(TEAM_LIST_CHUNK);
  await page.route(TEAM_LIST_CHUNK, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await retry.click();
  await expect.poll(() => asked).toBe(1);
  await expect(failed).toBeVisible();
  await expect(retry).toBeFocused();
  await page.unroute(TEAM_LIST_CHUNK);
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Utenti', exact: true })).toBeVisible();
  expect(await reloaded()).toEqual({ sameDocument: true, loads: 0 });
  expect(errors).toEqual([]);
});

const DESCRIPTION_CHUNK = /\/assets\/EditDescriptionDialog-[^/]+\.js$/;
const CROP_CHUNK = /\/assets\/ImageCropDialog-[^/]+\.js$/;
const PHONE_MENU_CHUNK = /\/assets\/MobileMenu-[^/]+\.js$/;
const DIALOG_FAILED = 'Impossibile aprire la finestra';

test('a dialog that fails to load leaves the page, and "Riprova" opens it', async ({ pageAs, seedDb }) => {
  const page = await pageAs('membro');
  await page.goto(`/percorso/${teamsOf(seedDb, userByEmail(seedDb, 'membro@example.com').id)[0].id}`);
  const opener = page.getByRole('button', { name: 'Modifica descrizione' });
  await page.route(DESCRIPTION_CHUNK, (route) => route.abort('internetdisconnected'));
  await opener.click();

  await expect(page.getByRole('alert').filter({ hasText: DIALOG_FAILED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Riprova' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Percorso' })).toBeVisible();
  await expect(page.getByText('Impossibile mostrare la pagina')).toHaveCount(0);

  await page.unroute(DESCRIPTION_CHUNK);
  await page.getByRole('button', { name: 'Riprova' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifica descrizione' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText(DIALOG_FAILED)).toHaveCount(0);
  // Closed, the retried dialog gives focus back to the button that first opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('in the back-office, a dialog that fails to load keeps the list and its search', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { name } = seedDb.prepare('select name from courses order by id limit 1').get() as { name: string };
  await page.goto('/admin/courses');
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(name);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();

  await page.route(CROP_CHUNK, (route) => route.abort('internetdisconnected'));
  await card.getByRole('button', { name: 'Cambia cover' }).click();
  await expect(page.getByRole('alert').filter({ hasText: DIALOG_FAILED })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Cerca' })).toHaveValue(name);
  await expect(card).toBeVisible();

  await page.getByRole('alert').getByRole('button', { name: 'Chiudi' }).click();
  await expect(page.getByText(DIALOG_FAILED)).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cambia cover' })).toBeFocused();
  // Opened again with the connection back, it downloads afresh.
  await page.unroute(CROP_CHUNK);
  await card.getByRole('button', { name: 'Cambia cover' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a phone menu that fails to load says so, and "Riprova" opens it', async ({ pageAs }) => {
  const page = await pageAs('membro', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.route(PHONE_MENU_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: DIALOG_FAILED })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.unroute(PHONE_MENU_CHUNK);
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
});
