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

/** Gestione Team. */

test('lists the teams with "Tutti i team", and searches once after the pause', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const team = seedDb.prepare('select name from teams order by id limit 1').get() as { name: string };
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tutti i team' })).toBeVisible();
  await expect(rowWith(page, team.name)).toBeVisible();
  for (const header of ['Nome', 'Descrizione', 'Coordinatore', 'Membri', 'Azioni']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }

  const requests = listRequests(page, 'teams');
  const term = team.name.slice(0, 5);
  await searchOnceFor(page, term, requests);
  await page.waitForTimeout(1200);
  const searches = requests.filter((request) => searchOf(request) !== null);
  expect(searches.map(searchOf)).toEqual([term]);
  await expect(rowWith(page, team.name)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Cerca' }).fill('zzzz-nessuno');
  await expect(page.getByText('Nessun team trovato')).toBeVisible();
});

test('create: a missing or taken name stays in the dialog with the error, then the team is created, edited and deleted', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/teams');
  const before = (seedDb.prepare('select count(*) n from teams').get() as { n: number }).n;

  await page.getByRole('button', { name: 'Nuovo team' }).click();
  const dialog = openDialog(page, 'Nuovo team');
  await dialog.getByRole('textbox', { name: /^Descrizione/ }).fill('Senza nome');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText('Obbligatorio')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((seedDb.prepare('select count(*) n from teams').get() as { n: number }).n).toBe(before);

  // Another team's name: the server's message under the field, the dialog and what was typed stay.
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill('eduplay');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText('Esiste già un team con questo nome.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Descrizione/ })).toHaveValue('Senza nome');
  expect((seedDb.prepare('select count(*) n from teams').get() as { n: number }).n).toBe(before);

  const name = unique('Team prova');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await pick(dialog, /^Coordinatore/, 'Luca', /Luca Moretti/);
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog).toBeHidden();
  await searchFor(page, name);
  await expect(rowWith(page, name)).toContainText('Luca Moretti');

  await rowWith(page, name).getByRole('button', { name: 'Modifica' }).click();
  const edit = openDialog(page, 'Modifica team');
  await expect(edit.getByRole('textbox', { name: /^Nome/ })).toHaveValue(name);
  await expect(edit.getByRole('combobox', { name: /^Coordinatore/ })).toHaveValue('Luca Moretti');
  const description = 'Una descrizione nuova e abbastanza lunga da essere tagliata';
  await edit.getByRole('textbox', { name: /^Descrizione/ }).fill(description);
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(edit).toBeHidden();
  await expect(rowWith(page, name)).toContainText(`${description.slice(0, 32)}...`);
  await expect(rowWith(page, name)).not.toContainText(description.slice(0, 33));

  await rowWith(page, name).getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText(`Sei sicuro di voler eliminare il team "${name}"?`)).toBeVisible();
  await confirm(page);
  await expect(page.getByText('Nessun team trovato')).toBeVisible();
});

test('members modal: list scrolling at 24rem, add through the user picker, remove', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const team = seedDb.prepare('select id, name from teams order by id desc limit 1').get() as {
    id: number;
    name: string;
  };
  const outsider = seedDb
    .prepare(
      'select name, surname, email from users where id not in (select user_id from team_members where team_id = ?) and is_expert = 0 order by id desc limit 1',
    )
    .get(team.id) as { name: string; surname: string; email: string };
  await page.goto('/admin/teams');
  await rowWith(page, team.name).getByRole('button', { name: 'Membri' }).click();
  const dialog = openDialog(page, `Membri di ${team.name}`);
  await expect(dialog.getByTestId('modal-scroll')).toHaveCSS('max-height', '384px');

  const picker = dialog.getByRole('combobox', { name: 'Aggiungi membro' });
  await picker.click();
  await picker.pressSequentially('z');
  await expect(page.getByText('Digita almeno 2 caratteri')).toBeVisible();
  await picker.fill('');
  await picker.pressSequentially('qqqqzz', { delay: 30 });
  await expect(page.getByText('Nessun utente trovato.')).toBeVisible();
  await picker.fill('');

  await pick(dialog, 'Aggiungi membro', outsider.email.slice(0, 8), new RegExp(`${outsider.name} ${outsider.surname}`));
  await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  const member = dialog.getByRole('listitem').filter({ hasText: outsider.email });
  await expect(member).toBeVisible();
  // A member from today: expected at the team's sessions from now on.
  const today = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(member).toContainText(`Nel team dal ${today}`);

  // They in fact joined on the first of the month: the date is changed from their row.
  const [day, month, year] = today.split('/');
  const changeDate = member.getByRole('button', {
    name: `Cambia la data di ingresso di ${outsider.name} ${outsider.surname}`,
  });
  await changeDate.click();
  const dating = openDialog(page, `Data di ingresso di ${outsider.name} ${outsider.surname}`);
  const field = dating.getByLabel('Nel team dal');
  await expect(field).toHaveValue(`${year}-${month}-${day}`);
  await field.fill(`${Number(year) + 1}-${month}-01`);
  await dating.getByRole('button', { name: 'Salva' }).click();
  await expect(field).toHaveAccessibleDescription('La data di ingresso non può essere nel futuro.');
  await field.fill(`${year}-${month}-01`);
  await dating.getByRole('button', { name: 'Salva' }).click();
  await expect(dating).toBeHidden();
  await expect(member).toContainText(`Nel team dal 01/${month}/${year}`);
  await expect(changeDate).toBeFocused();

  await member.getByRole('button', { name: `Rimuovi ${outsider.name} ${outsider.surname}` }).click();
  await expect(member).toHaveCount(0);
  // The stay is kept, and shown under the members with its dates.
  const former = dialog.getByRole('region', { name: 'Ex membri' });
  await expect(former).toContainText('Restano nei report del periodo in cui erano nel team.');
  await expect(former.getByRole('listitem').filter({ hasText: `${outsider.name} ${outsider.surname}` })).toContainText(
    `Nel team dal 01/${month}/${year} al ${today}`,
  );
});

test('members modal: those who left the team are listed under its members, with their dates', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  const stay = seedDb
    .prepare(
      `select t.name as team, u.name, u.surname, u.email, p.joined_at, p.left_at from past_team_members p
       join teams t on t.id = p.team_id join users u on u.id = p.user_id order by p.id limit 1`,
    )
    .get() as { team: string; name: string; surname: string; email: string; joined_at: string; left_at: string };
  const day = (iso: string) =>
    new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(iso));
  await page.goto('/admin/teams');
  await rowWith(page, stay.team).getByRole('button', { name: 'Membri' }).click();
  const dialog = openDialog(page, `Membri di ${stay.team}`);
  const former = dialog.getByRole('region', { name: 'Ex membri' });
  await expect(former.getByRole('heading', { level: 3, name: 'Ex membri' })).toBeVisible();
  await expect(former.getByRole('listitem').filter({ hasText: `${stay.name} ${stay.surname}` })).toContainText(
    `Nel team dal ${day(stay.joined_at)} al ${day(stay.left_at)}`,
  );
  // Not among the members, whose rows name their e-mail address.
  await expect(dialog.getByRole('listitem').filter({ hasText: stay.email })).toHaveCount(0);
});

test('members modal: a member added from the day they joined; a day in the future is refused under its field', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  const team = seedDb.prepare('select id, name from teams order by id desc limit 1 offset 1').get() as {
    id: number;
    name: string;
  };
  const outsider = seedDb
    .prepare(
      'select name, surname, email from users where id not in (select user_id from team_members where team_id = ?) and is_expert = 0 order by id desc limit 1 offset 1',
    )
    .get(team.id) as { name: string; surname: string; email: string };
  await page.goto('/admin/teams');
  await rowWith(page, team.name).getByRole('button', { name: 'Membri' }).click();
  const dialog = openDialog(page, `Membri di ${team.name}`);
  const today = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  const [day, month, year] = today.split('/');
  const joined = dialog.getByLabel('Nel team dal');
  await expect(joined).toHaveValue(`${year}-${month}-${day}`);

  await pick(dialog, 'Aggiungi membro', outsider.email.slice(0, 8), new RegExp(`${outsider.name} ${outsider.surname}`));
  await joined.fill(`${Number(year) + 1}-${month}-01`);
  await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(joined).toHaveAccessibleDescription('La data di ingresso non può essere nel futuro.');
  await expect(joined).toBeFocused();
  const member = dialog.getByRole('listitem').filter({ hasText: outsider.email });
  await expect(member).toHaveCount(0);

  await joined.fill(`${year}-${month}-01`);
  await expect(joined).not.toHaveAccessibleDescription(/futuro/);
  await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(member).toContainText(`Nel team dal 01/${month}/${year}`);

  await member.getByRole('button', { name: `Rimuovi ${outsider.name} ${outsider.surname}` }).click();
  await expect(member).toHaveCount(0);
});

test('sessions modal lists the team sessions (per_page 10000, newest first)', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const team = seedDb.prepare('select id, name from teams order by id limit 1').get() as { id: number; name: string };
  await page.goto('/admin/teams');
  const asked = page.waitForRequest((request) => request.url().includes(`/api/teams/${team.id}/sessions?`));
  await rowWith(page, team.name).getByRole('button', { name: 'Sessioni' }).click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get('per_page')).toBe('10000');
  expect(url.searchParams.get('sort')).toBe('-start_time');
  const dialog = openDialog(page, `Sessioni di ${team.name}`);
  await expect(dialog.getByRole('listitem').first().or(dialog.getByText('Nessuna sessione trovata'))).toBeVisible();
});

test('change logo refuses files over 5 MB and uploads a cropped square image', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const team = seedDb.prepare('select id, name from teams order by id limit 1').get() as { id: number; name: string };
  await page.goto('/admin/teams');
  await rowWith(page, team.name).getByRole('button', { name: 'Cambia logo' }).click();
  const dialog = openDialog(page, `Cambia logo di ${team.name}`);
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(dialog.getByText('Il file è troppo grande. La dimensione massima consentita è di 5MB.')).toBeVisible();

  // A real 2×2 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  const uploaded = page.waitForResponse((response) => response.url().endsWith(`/api/teams/${team.id}/avatar`));
  await dialog.getByRole('button', { name: 'Aggiorna logo' }).click();
  expect((await uploaded).status()).toBeLessThan(300);
  await expect(dialog).toBeHidden();
});

test('deleting a team says first that the sessions belonging to it alone go with it', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const name = unique('Team con sessioni');
  const team = (await (await page.request.post('/api/teams', { headers, data: { name } })).json()).data.id as number;
  const other = (
    await (await page.request.post('/api/teams', { headers, data: { name: unique('Altro team') } })).json()
  ).data.id as number;
  const session = (data: Record<string, unknown>) =>
    page.request.post('/api/sessions', {
      headers,
      data: {
        name: unique('Sessione'),
        type: 'other',
        description: 'D',
        start_time: '2027-01-10T09:00:00.000Z',
        join_instructions: 'J',
        ...data,
      },
    });
  expect((await session({ team_id: team })).status()).toBe(201);
  const shared = (await (await session({ team_id: team })).json()).data.id as number;
  expect(
    (await page.request.put(`/api/sessions/${shared}/teams`, { headers, data: { teams: [team, other] } })).status(),
  ).toBe(200);

  // The list opened once everything exists: its first load cannot race the search.
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 2, name: 'Tutti i team' })).toBeVisible();
  await searchFor(page, name);
  await rowWith(page, name).getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText(`Sei sicuro di voler eliminare il team "${name}"?`)).toBeVisible();
  await expect(
    page.getByText('Sarà eliminata anche la sessione che riguarda solo questo team, con le sue presenze.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Annulla' }).click();
});

test('two people editing one team: the later save overwrites nothing, keeps what was typed and says so', async ({
  pageAs,
  seedDb,
}) => {
  const [first, second] = [await pageAs('admin'), await pageAs('admin')];
  const name = unique('Team a due mani');
  await first.goto('/admin/teams');
  await first.getByRole('button', { name: 'Nuovo team' }).click();
  const create = openDialog(first, 'Nuovo team');
  await create.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await create.getByRole('button', { name: 'Crea' }).click();
  await expect(create).toBeHidden();

  const openEdit = async (page: typeof first) => {
    if (page !== first) {
      await page.goto('/admin/teams');
      await expect(page.getByRole('heading', { level: 2, name: 'Tutti i team' })).toBeVisible();
    }
    await searchFor(page, name);
    await rowWith(page, name).getByRole('button', { name: 'Modifica' }).click();
    const dialog = openDialog(page, 'Modifica team');
    await expect(dialog.getByRole('textbox', { name: /^Nome/ })).toHaveValue(name);
    return dialog;
  };
  const [mine, theirs] = [await openEdit(first), await openEdit(second)];

  const renamed = `${name} rinominato`;
  await mine.getByRole('textbox', { name: /^Nome/ }).fill(renamed);
  await mine.getByRole('button', { name: 'Salva' }).click();
  await expect(mine).toBeHidden();

  // The other dialog was loaded before that save: its save changes nothing and explains.
  await theirs.getByRole('textbox', { name: /^Descrizione/ }).fill('Scritta nella seconda scheda');
  await theirs.getByRole('button', { name: 'Salva' }).click();
  await expect(theirs.getByRole('alert')).toContainText(
    "Nel frattempo un'altra persona ha salvato modifiche a questo elemento",
  );
  await expect(theirs.getByRole('textbox', { name: /^Nome/ })).toHaveValue(renamed);
  await expect(theirs.getByRole('textbox', { name: /^Descrizione/ })).toHaveValue('Scritta nella seconda scheda');
  const stored = () => seedDb.prepare('select name, description from teams where name in (?, ?)').get(name, renamed);
  expect(stored()).toEqual({ name: renamed, description: null });

  await theirs.getByRole('button', { name: 'Salva' }).click();
  await expect(theirs).toBeHidden();
  expect(stored()).toEqual({ name: renamed, description: 'Scritta nella seconda scheda' });
});
