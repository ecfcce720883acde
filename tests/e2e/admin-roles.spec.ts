import { expect, test } from './fixtures';
import { confirm, listRequests, openDialog, rowWith, searchFor, unique } from './support/admin';

/** Gestione Ruoli: a card grid, the role editor with permission checkboxes. */

test('shows the roles as cards and searches them', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const role = seedDb.prepare('select name from roles order by name limit 1').get() as { name: string };
  const requests = listRequests(page, 'roles');
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Ruoli' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tutti i ruoli' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: role.name })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cerca' }).fill('zzzz');
  await expect(page.getByText('Nessun ruolo trovato.')).toBeVisible();
  // GET /api/roles with includes=permissions and filter[name].
  const params = requests.map((request) => new URL(request.url()).searchParams);
  expect(params.every((p) => p.get('includes') === 'permissions')).toBe(true);
  expect(params.at(-1)?.get('filter[name]')).toBe('zzzz');
  expect(params.some((p) => p.has('filter[search]'))).toBe(false);
});

test('create a role with permissions, edit it, delete it through the confirm dialog', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  await page.goto('/admin/roles');
  const before = (seedDb.prepare('select count(*) n from roles').get() as { n: number }).n;

  await page.getByRole('button', { name: 'Nuovo ruolo' }).click();
  const dialog = openDialog(page, 'Nuovo ruolo');
  const name = unique('Ruolo prova');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText('Obbligatorio')).toBeVisible();
  expect((seedDb.prepare('select count(*) n from roles').get() as { n: number }).n).toBe(before);

  await dialog.getByRole('textbox', { name: /^Descrizione/ }).fill('Solo lettura dei team');
  await dialog.getByRole('checkbox', { name: 'read_teams' }).check();
  await dialog.getByRole('checkbox', { name: 'read_sessions' }).check();
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog).toBeHidden();

  await searchFor(page, name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('2 permessi');

  await card.getByRole('button', { name: 'Modifica' }).click();
  const edit = openDialog(page, 'Modifica ruolo');
  await expect(edit.getByRole('checkbox', { name: 'read_teams' })).toBeChecked();
  await edit.getByRole('checkbox', { name: 'read_sessions' }).uncheck();
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('1 permesso');

  await card.getByRole('button', { name: 'Elimina' }).click();
  await confirm(page);
  await expect(page.getByText('Nessun ruolo trovato.')).toBeVisible();
});

test('"developer" passes every check, so only a developer is offered to edit, give, take away or delete its role', async ({
  pageAs,
  seedDb,
}) => {
  const developerRole = seedDb
    .prepare(
      `select r.name from roles r join role_permissions rp on rp.role_id = r.id
       where rp.permission_name = 'developer' order by r.id limit 1`,
    )
    .get() as { name: string };
  const admin = await pageAs('admin');
  await admin.goto('/admin/roles');
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: developerRole.name }) });
  await expect(card).toContainText('solo uno sviluppatore può modificarlo o eliminarlo');
  await expect(card.getByRole('button', { name: 'Elimina' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
  // Any other role's editor offers only the permissions the administrator holds: not "developer".
  await admin.getByRole('button', { name: 'Nuovo ruolo' }).click();
  const create = openDialog(admin, 'Nuovo ruolo');
  await expect(create.getByRole('checkbox', { name: /\(developer\)$|^developer$/ })).toBeDisabled();
  await expect(create.getByRole('checkbox', { name: /\(read_teams\)$/ })).toBeEnabled();
  await expect(create.getByText(/Puoi dare o togliere solo i permessi che possiedi/)).toBeVisible();
  await create.getByRole('button', { name: 'Annulla' }).click();

  await admin.goto('/admin/users');
  await searchFor(admin, 'esperto@example.com');
  await rowWith(admin, 'esperto@example.com').getByRole('button', { name: 'Permessi' }).click();
  const roles = openDialog(admin, /^Ruoli di /);
  await expect(roles.getByRole('checkbox', { name: developerRole.name })).toBeDisabled();
  await expect(
    roles.getByText(/Solo uno sviluppatore può assegnare o togliere i ruoli con il permesso developer\./),
  ).toBeVisible();
  await roles.getByRole('button', { name: 'Annulla' }).click();

  // One's own roles are another administrator's decision: every box is disabled.
  await admin.getByRole('searchbox', { name: 'Cerca' }).fill('');
  await expect(admin.getByRole('heading', { level: 2, name: 'Tutti gli utenti' })).toBeVisible();
  await searchFor(admin, 'admin@example.com');
  await rowWith(admin, 'admin@example.com').getByRole('button', { name: 'Permessi' }).click();
  const own = openDialog(admin, /^Ruoli di /);
  const all = seedDb.prepare('select name from roles').all() as Array<{ name: string }>;
  for (const role of all) await expect(own.getByRole('checkbox', { name: role.name })).toBeDisabled();
  await expect(own.getByText('Non puoi modificare i tuoi ruoli: chiedilo a un altro amministratore.')).toBeVisible();

  const dev = await pageAs('dev');
  await dev.goto('/admin/roles');
  const devCard = dev.getByRole('listitem').filter({ has: dev.getByRole('heading', { name: developerRole.name }) });
  await expect(devCard.getByRole('button', { name: 'Elimina' })).toBeVisible();
  await devCard.getByRole('button', { name: 'Modifica' }).click();
  await expect(
    openDialog(dev, 'Modifica ruolo').getByRole('checkbox', { name: /\(developer\)$|^developer$/ }),
  ).toBeEnabled();
});
