import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDialog, pick, unique } from './support/admin';

/** The calendar feed dialog, "Aggiungi al calendario", the "Ripeti" form and the Registro attività. */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function axeViolations(page: Page): Promise<string[]> {
  // Nothing loading: react-admin's refresh spinner is only shown while a request is on its way.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

const feedPath = (url: string) => new URL(url).pathname;

test('Calendario: the personal feed URL, copy, subscribe steps and a new link that revokes the old one', async ({
  pageAs,
}) => {
  const page = await pageAs('membro', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Menu utente/ }).click();
  await page.getByRole('menuitem', { name: 'Calendario' }).click();
  const dialog = openDialog(page, 'Il tuo calendario');
  const field = dialog.getByRole('textbox', { name: 'Link del calendario' });
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const oldUrl = await field.inputValue();
  await expect(dialog.getByRole('heading', { name: 'Google Calendar' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Outlook' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The URL works with no credential at all: a calendar application only knows the link.
  const feed = await page.request.get(feedPath(oldUrl), { headers: { authorization: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('BEGIN:VEVENT');

  await dialog.getByRole('button', { name: 'Copia il link' }).click();
  // Said by the dialog itself: while it is open, the rest of the page is hidden from screen readers.
  await expect(dialog.getByRole('status')).toHaveText('Link copiato negli appunti.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  // The confirmation step, by keyboard: focus moves onto "Conferma", back onto "Genera un nuovo
  // link" when cancelled, and again once the new link is issued.
  const regenerate = dialog.getByRole('button', { name: 'Genera un nuovo link' });
  await regenerate.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/smetterà subito di funzionare/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(regenerate).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Nuovo link generato: il precedente non funziona più.')).toBeVisible();
  await expect(regenerate).toBeFocused();
  await expect(field).not.toHaveValue(oldUrl);
  const newUrl = await field.inputValue();
  expect((await page.request.get(feedPath(oldUrl))).status()).toBe(404);
  expect((await page.request.get(feedPath(newUrl))).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
  // The menu item that opened it is gone with its menu: focus returns to the menu's button.
  await expect(page.getByRole('button', { name: /Menu utente/ })).toBeFocused();
});

test('"Aggiungi al calendario" downloads the session as a one-event .ics file, and keeps the keyboard focus', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('membro');
  const member = seedDb.prepare("select id from users where email = 'membro@example.com'").get() as { id: number };
  const session = seedDb
    .prepare(
      `select s.id, s.name from sessions s join session_teams st on st.session_id = s.id
       join team_members tm on tm.team_id = st.team_id where tm.user_id = ? order by s.start_time desc limit 1`,
    )
    .get(member.id) as { id: number; name: string };
  await page.goto(`/sessions/${session.id}`);
  const downloading = page.waitForEvent('download');
  const button = page.getByRole('button', { name: 'Aggiungi al calendario' });
  await button.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sessione-${session.id}.ics`);
  // Busy while the file comes, yet never disabled: focus stays where the keyboard user left it.
  await expect(button).toBeFocused();
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(text).toContain(`/sessions/${session.id}`);
});

test('"Ripeti": a new session every two weeks, N times, creates every occurrence in one go', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/sessions');
  const count = () => (seedDb.prepare('select count(*) n from sessions').get() as { n: number }).n;
  const before = count();
  await page.getByRole('button', { name: 'Nuova sessione' }).click();
  const dialog = openDialog(page, 'Nuova sessione');
  const name = unique('Office hours');
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await dialog.getByRole('combobox', { name: /^Tipo/ }).click();
  await page.getByRole('option', { name: 'Altro' }).click();
  await dialog.getByRole('textbox', { name: /^Descrizione/ }).fill('Domande aperte');
  await dialog.getByRole('textbox', { name: /^Inizio/ }).pressSequentially('050320261000');
  await dialog.getByRole('textbox', { name: /^Istruzioni per partecipare/ }).fill('Sala riunioni');

  await dialog.getByRole('switch', { name: 'Ripeti' }).check();
  await dialog.getByRole('combobox', { name: /^Frequenza/ }).click();
  await page.getByRole('option', { name: 'Ogni due settimane' }).click();
  const times = dialog.getByRole('spinbutton', { name: /^Numero di sessioni/ });
  await times.fill('60');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(dialog).toBeVisible();
  expect(count()).toBe(before);
  expect(await axeViolations(page)).toEqual([]);

  await times.fill('3');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/sessions'));
  await dialog.getByRole('button', { name: 'Crea' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    name,
    start_time: '2026-03-05T09:00:00.000Z',
    repeat: { frequency: 'biweekly', count: 3 },
  });
  await expect(dialog).toBeHidden();
  const created = seedDb
    .prepare('select start_time from sessions where name = ? order by start_time')
    .all(name) as Array<{ start_time: string }>;
  expect(created.map((s) => s.start_time)).toEqual([
    '2026-03-05T09:00:00.000Z',
    '2026-03-19T09:00:00.000Z',
    '2026-04-02T08:00:00.000Z',
  ]);
  expect(count()).toBe(before + 3);
});

test('Registro attività: newest first, filters by type, id, person and days, rows open to before and after', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const name = unique('Team registro');
  const created = await page.request.post('/api/teams', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, description: 'Prima' },
  });
  expect(created.status()).toBe(201);
  const teamId = (await created.json()).data.id as number;
  await page.request.put(`/api/teams/${teamId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name, description: 'Dopo' },
  });

  await page.getByRole('menuitem', { name: 'Registro attività' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Modifica');
  await expect(firstRow).toContainText(String(teamId));

  await page.getByRole('combobox', { name: 'Tipo' }).selectOption('team');
  await page.getByRole('textbox', { name: 'ID elemento' }).fill(String(teamId));
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row').nth(2)).toContainText('Creazione');

  const toggle = page.getByRole('button', { name: `Mostra le modifiche di Modifica Team ${teamId}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const changes = page.getByRole('table', { name: 'Modifiche' });
  // Fields by their Italian names, values as a person reads them.
  await expect(changes.getByRole('row', { name: /Descrizione Prima Dopo/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await pick(page, 'Persona', 'Bian', /Alessandra Bianchi/);
  await expect(page.getByRole('row').filter({ hasText: 'Creazione' })).toHaveCount(1);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  await page.getByLabel('Dal giorno', { exact: true }).fill(today);
  await expect(page.getByRole('row').filter({ hasText: 'Creazione' })).toHaveCount(1);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(
    new Date(Date.now() + 86_400_000),
  );
  await page.getByLabel('Dal giorno', { exact: true }).fill(tomorrow);
  await expect(page.getByText('Nessuna attività trovata')).toBeVisible();
  expect(
    (
      seedDb.prepare("select count(*) n from audit_log where entity_type = 'team' and entity_id = ?").get(teamId) as {
        n: number;
      }
    ).n,
  ).toBe(2);
  // A range that ends before it starts says why under its field, and is not asked for.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/audit-log') asked.push(request.url());
  });
  await page.getByLabel('Al giorno', { exact: true }).fill(today);
  await expect(page.getByText('Il giorno finale viene prima di quello iniziale.')).toBeVisible();
  await expect(page.getByText('Si è verificato un errore. Riprova.')).toHaveCount(0);
  expect(asked).toEqual([]);

  // An id that is not a whole number is said under its field, and not searched: the list stays.
  await page.getByLabel('Dal giorno', { exact: true }).fill('');
  await page.getByLabel('Al giorno', { exact: true }).fill('');
  await expect(page.getByRole('row').filter({ hasText: 'Creazione' })).toHaveCount(1);
  const id = page.getByRole('textbox', { name: 'ID elemento' });
  await id.fill('abc');
  await expect(page.getByText('Scrivi un numero intero, da 1 in su.')).toBeVisible();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Si è verificato un errore')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Creazione' })).toHaveCount(1);

  // "Azzera i filtri" empties every filter and leaves focus on the first one.
  const clear = page.getByRole('button', { name: 'Azzera i filtri' });
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(id).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Persona' })).toBeFocused();
  await expect(clear).toBeDisabled();
});
