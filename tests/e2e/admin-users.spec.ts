import { expect, test } from './fixtures';
import {
  confirm,
  listRequests,
  openDialog,
  rowWith,
  searchFor,
  searchOf,
  searchOnceFor,
  unique,
} from './support/admin';

/** Gestione Utenti. */

test('lists users with pagination: two pages around the current one and from–to of total', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  const total = (seedDb.prepare('select count(*) n from users').get() as { n: number }).n;
  expect(total).toBeGreaterThan(40);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 2, name: 'Tutti gli utenti' })).toBeVisible();
  await expect(page.getByText(`1–10 di ${total}`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Paginazione' });
  await nav.getByRole('button', { name: 'Vai alla pagina 3' }).click();
  await expect(page.getByText(`21–30 di ${total}`)).toBeVisible();
  for (const n of [1, 2, 4, 5]) await expect(nav.getByRole('button', { name: `Vai alla pagina ${n}` })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
});

test('searches by name, e-mail or tax id with one request after the pause', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin/users');
  await expect(page.getByText(/^1–10 di/)).toBeVisible();
  const requests = listRequests(page, 'users');
  await searchOnceFor(page, 'membro@', requests);
  await page.waitForTimeout(1200);
  expect(requests.filter((request) => searchOf(request) !== null).map(searchOf)).toEqual(['membro@']);
  await expect(rowWith(page, 'membro@example.com')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('create: required fields and the server e-mail error stay under the fields; then create, roles, video access, delete', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/users');
  const count = () => (seedDb.prepare('select count(*) n from users').get() as { n: number }).n;
  const before = count();

  await page.getByRole('button', { name: 'Nuovo utente' }).click();
  const dialog = openDialog(page, 'Nuovo utente');
  // The birthdate's field keeps its label above the browser's date mask, and carries no stray
  // attribute (react-admin's DateInput hands MUI a label prop it no longer takes).
  const birthdate = dialog.getByLabel(/Data di nascita/);
  await expect(birthdate).toBeVisible();
  await expect(dialog.locator('[inputlabelprops]')).toHaveCount(0);
  await expect(dialog.locator('label', { hasText: 'Data di nascita' })).toHaveAttribute('data-shrink', 'true');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Paola');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText('Obbligatorio')).toHaveCount(2);
  expect(count()).toBe(before);

  await dialog.getByRole('textbox', { name: /^Cognome/ }).fill('Rinaldi');
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('admin@example.com');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText("L'indirizzo email è già in uso.")).toBeVisible();
  expect(count()).toBe(before);

  const email = `${unique('paola').replace(/\s/g, '.')}@example.com`;
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^Codice fiscale/ }).fill('RNLPLA90A41H501X');
  await dialog.getByLabel(/Data di nascita/).fill('1990-01-01');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/users'));
  await dialog.getByRole('button', { name: 'Crea' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Paola',
    surname: 'Rinaldi',
    email,
    birthdate: '1990-01-01',
  });
  await expect(dialog).toBeHidden();
  await searchFor(page, email);
  const row = rowWith(page, email);
  await expect(row).toContainText('Paola Rinaldi');

  const role = seedDb.prepare('select id, name from roles order by name limit 1').get() as { id: number; name: string };
  await row.getByRole('button', { name: 'Permessi' }).click();
  const roles = openDialog(page, 'Ruoli di Paola Rinaldi');
  await roles.getByRole('checkbox', { name: role.name }).check();
  await roles.getByRole('button', { name: 'Salva' }).click();
  await expect(roles).toBeHidden();
  await expect(row).toContainText(role.name);

  await row.getByRole('button', { name: 'Modifica' }).click();
  const mooc = openDialog(page, 'Modifica Paola Rinaldi');
  await mooc
    .getByRole('switch', { name: 'Accesso ai videocorsi' })
    .or(mooc.getByRole('checkbox', { name: 'Accesso ai videocorsi' }))
    .check();
  const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/mooc'));
  await mooc.getByRole('button', { name: 'Salva' }).click();
  expect((await put).postDataJSON()).toEqual({ mooc_access: true });
  await expect(mooc).toBeHidden();
  await expect(row.getByRole('cell', { name: 'Sì', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Elimina' }).click();
  await confirm(page);
  await expect(page.getByText('Nessun utente trovato')).toBeVisible();
  expect(count()).toBe(before);
});
