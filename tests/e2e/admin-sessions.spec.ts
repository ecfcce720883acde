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

/** Gestione Sessioni. */

test('lists sessions newest first with pagination and searches once after the pause', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const total = (seedDb.prepare('select count(*) n from sessions').get() as { n: number }).n;
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/sessions');
  await page.goto('/admin/sessions');
  const url = new URL((await asked).url());
  expect(url.searchParams.get('sort')).toBe('-start_time');
  expect(url.searchParams.get('attendances')).toBe('true');
  await expect(page.getByRole('heading', { level: 2, name: 'Tutte le sessioni' })).toBeVisible();
  await expect(page.getByText(`1–10 di ${total}`)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Paginazione' })
    .getByRole('button', { name: 'Vai alla pagina 2' })
    .click();
  await expect(page.getByText(`11–20 di ${total}`)).toBeVisible();

  const session = seedDb.prepare('select name from sessions order by start_time desc limit 1').get() as {
    name: string;
  };
  const requests = listRequests(page, 'sessions');
  await searchOnceFor(page, session.name.slice(0, 6), requests);
  await page.waitForTimeout(1200);
  expect(requests.filter((request) => searchOf(request) !== null).map(searchOf)).toEqual([session.name.slice(0, 6)]);
});

test('create: missing fields and a bad date stay in the dialog; meet prefills the instructions; the time is sent as UTC', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/sessions');
  const count = () => (seedDb.prepare('select count(*) n from sessions').get() as { n: number }).n;
  const before = count();

  await page.getByRole('button', { name: 'Nuova sessione' }).click();
  const dialog = openDialog(page, 'Nuova sessione');
  const name = unique('Sessione prova');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Inizio/ }).pressSequentially('3103202610');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog.getByText('Data non valida (gg/mm/aaaa hh:mm)')).toBeVisible();
  await expect(dialog.getByText('Obbligatorio').first()).toBeVisible();
  expect(count()).toBe(before);

  await dialog.getByRole('combobox', { name: /^Tipo/ }).click();
  await page.getByRole('option', { name: 'Google Meet' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Istruzioni per partecipare/ })).toHaveValue(/Google Meet/);
  await dialog.getByRole('textbox', { name: /^Descrizione/ }).fill('Sessione creata dal test');
  await dialog.getByRole('textbox', { name: /^Inizio/ }).fill('');
  await dialog.getByRole('textbox', { name: /^Inizio/ }).pressSequentially('150720261000');
  await expect(dialog.getByRole('textbox', { name: /^Inizio/ })).toHaveValue('15/07/2026 10:00');
  const team = seedDb.prepare('select name from teams order by id limit 1').get() as { name: string };
  await pick(dialog, /^Team/, team.name.slice(0, 4), team.name);
  await pick(dialog, /^Esperto/, 'Conti', /Sara Conti/);

  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/sessions'));
  await dialog.getByRole('button', { name: 'Crea' }).click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ name, type: 'meet', start_time: '2026-07-15T08:00:00.000Z', end_time: null });
  expect(body.expert_id).toEqual(expect.any(Number));
  await expect(dialog).toBeHidden();
  expect(count()).toBe(before + 1);

  await searchFor(page, name);
  const row = rowWith(page, name);
  await expect(row).toContainText('15/07/2026');
  await expect(row).toContainText(team.name);
  await expect(row).toContainText('Sara Conti');

  // The dialog shows the listed record at once and reloads it (refetchOnMount): type after the
  // reload, which resets the form.
  const loaded = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && /\/api\/sessions\/\d+$/.test(new URL(response.url()).pathname),
  );
  await row.getByRole('button', { name: 'Modifica' }).click();
  const edit = openDialog(page, 'Modifica sessione');
  await loaded;
  await expect(edit.getByRole('textbox', { name: /^Inizio/ })).toHaveValue('15/07/2026 10:00');
  await expect(edit.getByRole('combobox', { name: /^Esperto/ })).toHaveCount(0);
  await edit.getByRole('textbox', { name: /^Fine/ }).pressSequentially('150720261130');
  const put = page.waitForRequest(
    (request) => request.method() === 'PUT' && /\/api\/sessions\/\d+$/.test(request.url()),
  );
  await edit.getByRole('button', { name: 'Salva' }).click();
  expect((await put).postDataJSON()).toMatchObject({ end_time: '2026-07-15T09:30:00.000Z' });
  await expect(edit).toBeHidden();

  await row.getByRole('button', { name: 'Elimina' }).click();
  await confirm(page);
  await expect(page.getByText('Nessuna sessione trovata')).toBeVisible();
  expect(count()).toBe(before);
});

test('experts and teams modals: add and remove an expert, set the teams', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const session = seedDb
    .prepare(
      "select id, name from sessions where id not in (select session_id from session_experts where user_id = (select id from users where email = 'giorgio.ferraro@example.com')) order by start_time desc limit 1",
    )
    .get() as { id: number; name: string };
  await page.goto('/admin/sessions');
  await searchFor(page, session.name);
  const row = rowWith(page, session.name).first();

  await row.getByRole('button', { name: 'Esperti' }).click();
  const experts = openDialog(page, `Esperti di ${session.name}`);
  await expect(experts.getByTestId('modal-scroll')).toHaveCSS('max-height', '384px');
  await pick(experts, 'Aggiungi esperto', 'Ferr', /Giorgio Ferraro/);
  await experts.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  const giorgio = experts.getByRole('listitem').filter({ hasText: 'Giorgio Ferraro' });
  await expect(giorgio).toBeVisible();
  await giorgio.getByRole('button', { name: 'Rimuovi Giorgio Ferraro' }).click();
  await expect(giorgio).toHaveCount(0);
  await experts.getByRole('button', { name: 'Chiudi' }).click();

  const teams = seedDb.prepare('select name from teams order by id limit 2').all() as Array<{ name: string }>;
  await rowWith(page, session.name).first().getByRole('button', { name: 'Team' }).click();
  const dialog = openDialog(page, `Team di ${session.name}`);
  // The teams the session has now (the dialog shows them as it opens) are taken away first.
  const removeChip = dialog.locator('.MuiChip-deleteIcon');
  while ((await removeChip.count()) > 0) await removeChip.first().click();
  await expect(removeChip).toHaveCount(0);
  for (const team of teams) await pick(dialog, 'Team', team.name.slice(0, 4), team.name);
  const put = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().endsWith(`/api/sessions/${session.id}/teams`),
  );
  await dialog.getByRole('button', { name: 'Salva' }).click();
  expect(((await put).postDataJSON() as { teams: number[] }).teams).toHaveLength(2);
  await expect(dialog).toBeHidden();
  for (const team of teams) await expect(rowWith(page, session.name).first()).toContainText(team.name);
});

test('participants: the attendances with fallbacks and the attendances_logs.xlsx download', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  const session = seedDb
    .prepare(
      `select s.id, s.name from sessions s join attendances a on a.session_id = s.id
       where (select count(*) from sessions o where o.name = s.name) = 1 group by s.id order by s.start_time desc limit 1`,
    )
    .get() as { id: number; name: string };
  await page.goto('/admin/sessions');
  await searchFor(page, session.name);
  await rowWith(page, session.name).first().getByRole('button', { name: 'Partecipanti' }).click();
  const dialog = openDialog(page, `Partecipanti a ${session.name}`);
  for (const header of ['Partecipante', 'Email', 'Entrata', 'Uscita'])
    await expect(dialog.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(dialog.getByRole('row')).not.toHaveCount(1);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Scarica Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('attendances_logs.xlsx');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('a failed download shows the error toast', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const session = seedDb.prepare('select id, name from sessions order by start_time desc limit 1').get() as {
    id: number;
    name: string;
  };
  await page.route('**/attendances/excel', (route) => route.fulfill({ status: 500, body: '{"message":"guasto"}' }));
  await page.goto('/admin/sessions');
  await rowWith(page, session.name).first().getByRole('button', { name: 'Partecipanti' }).click();
  await page.getByRole('button', { name: 'Scarica Excel' }).click();
  await expect(page.getByText('Si è verificato un errore imprevisto durante il download del file.')).toBeVisible();
});

test('an empty participants list says "Nessun partecipante trovato"', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const session = seedDb
    .prepare(
      `select id, name from sessions s where id not in (select session_id from attendances)
       and (select count(*) from sessions o where o.name = s.name) = 1 order by start_time desc limit 1`,
    )
    .get() as { id: number; name: string };
  await page.goto('/admin/sessions');
  await searchFor(page, session.name);
  await rowWith(page, session.name).first().getByRole('button', { name: 'Partecipanti' }).click();
  await expect(page.getByText('Nessun partecipante trovato')).toBeVisible();
});
