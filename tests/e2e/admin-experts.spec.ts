import { expect, test } from './fixtures';
import {
  confirm,
  listRequests,
  openDialog,
  pick,
  rowWith,
  searchFor,
  searchOf,
  searchOnceFor,
  unique,
} from './support/admin';

/** Gestione Esperti. */

test('lists experts with tax id "N/A" when empty, access and at most 3 teams; searches once', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  const expert = seedDb.prepare("select name, surname, email from users where email = 'esperto@example.com'").get() as {
    name: string;
    surname: string;
    email: string;
  };
  await page.goto('/admin/experts');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Esperti' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tutti gli esperti' })).toBeVisible();
  const row = rowWith(page, expert.email);
  await expect(row).toContainText(`${expert.name} ${expert.surname}`);
  await expect(row).toContainText('Limitato');

  const requests = listRequests(page, 'experts');
  await searchOnceFor(page, expert.surname, requests);
  await page.waitForTimeout(1200);
  expect(requests.filter((request) => searchOf(request) !== null).map(searchOf)).toEqual([expert.surname]);
  await expect(row).toBeVisible();
});

test('create an expert from a user with limited access to a team, edit to complete, delete', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/experts');
  // A user without a tax id, so the table shows "N/A".
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = { name: 'Nadia', surname: unique('Esperta').replace(/\s/g, ''), email: '' };
  user.email = `${user.surname.toLowerCase()}@example.com`;
  const created = await page.request.post('/api/users', { headers: { Authorization: `Bearer ${token}` }, data: user });
  expect(created.status()).toBeLessThan(300);
  const team = seedDb.prepare('select name from teams order by id limit 1').get() as { name: string };

  await page.getByRole('button', { name: 'Nuovo esperto' }).click();
  const dialog = openDialog(page, 'Nuovo esperto');
  // Required, as screen readers are told; the asterisk is not part of its name.
  await expect(dialog.getByRole('combobox', { name: 'Utente', exact: true })).toHaveAttribute('required', '');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText('Obbligatorio')).toBeVisible();

  await pick(dialog, /^Utente/, user.surname, new RegExp(`${user.name} ${user.surname}`));
  await expect(dialog.getByRole('combobox', { name: /^Team/ })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Limitato' }).check();
  await pick(dialog, /^Team/, team.name.slice(0, 4), team.name);
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/experts'));
  await dialog.getByRole('button', { name: 'Crea' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ access: 'limited' });
  await expect(dialog).toBeHidden();

  await searchFor(page, user.email);
  const row = rowWith(page, user.email);
  await expect(row).toContainText('Limitato');
  await expect(row).toContainText(team.name);
  await expect(row).toContainText('N/A');

  await row.getByRole('button', { name: 'Modifica' }).click();
  const edit = openDialog(page, 'Modifica esperto');
  await expect(edit.getByRole('radio', { name: 'Limitato' })).toBeChecked();
  await edit.getByRole('radio', { name: 'Completo' }).check();
  await expect(edit.getByRole('combobox', { name: /^Team/ })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Completo');

  await row.getByRole('button', { name: 'Elimina' }).click();
  await confirm(page);
  await expect(page.getByText('Nessun esperto trovato')).toBeVisible();
});
