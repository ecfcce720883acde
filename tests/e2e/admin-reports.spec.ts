import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { pick } from './support/admin';

/** Report: the participation and learning reports, their files, the dashboard figures, the sessions export. */

/** Today and a day `days` earlier on the Europe/Rome calendar, as YYYY-MM-DD. */
function romeDay(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

async function sheetsOf(path: string): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  return new Map(
    workbook.worksheets.map((sheet) => [
      sheet.name,
      sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : [])),
    ]),
  );
}

test('an administrator opens Report, picks a range and a team, sees the figures and downloads both files', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  const menu = page.getByRole('menu').or(page.locator('.RaMenu-open, .RaMenu-root')).first();
  await menu.getByRole('menuitem', { name: 'Report', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  // The current quarter until changed.
  const fromField = page.getByRole('textbox', { name: 'Dal', exact: true });
  const toField = page.getByRole('textbox', { name: 'Al', exact: true });
  await expect(fromField).toHaveValue(/^\d{4}-\d{2}-01$/);

  const from = romeDay(-60);
  const to = romeDay(0);
  await fromField.fill(from);
  await toField.fill(to);
  const team = seedDb.prepare("select id, name from teams where name like 'Agrisense%'").get() as {
    id: number;
    name: string;
  };
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/reports/participation' &&
      url.searchParams.get('filter[team_id]') === String(team.id) &&
      url.searchParams.get('from') === from
    );
  });
  await pick(page, 'Team', team.name.slice(0, 5), team.name);
  const report = await (await answered).json();
  expect(report.meta).toMatchObject({ from, to });

  // Independent of the API: the team's sessions (own or for every team) that start in the span and
  // have been held (started by now).
  const [fy, fm, fd] = from.split('-').map(Number);
  const start = new Date(Date.UTC(fy, fm - 1, fd) - 3 * 3600_000).toISOString();
  const expected = (
    seedDb
      .prepare(
        `select start_time from sessions s where start_time >= ? and start_time <= ? and (exists (select 1 from session_teams st where st.session_id = s.id and st.team_id = ?)
         or not exists (select 1 from session_teams st where st.session_id = s.id))`,
      )
      .all(start, new Date().toISOString(), team.id) as Array<{ start_time: string }>
  ).filter(({ start_time }) => {
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(start_time));
    return day >= from && day <= to;
  }).length;
  expect(report.data).toHaveLength(1);
  expect(report.data[0].sessions_expected).toBe(expected);

  await expect(page.getByTestId('participation-period')).toHaveText(
    `Periodo: dal ${from.split('-').reverse().join('/')} al ${to.split('-').reverse().join('/')}`,
  );
  const row = page.getByTestId(`participation-team-${team.id}`);
  await expect(row).toContainText(team.name);
  // Cells after the team's name (a row header): toggle, members, sessions expected, attendances, rate.
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(expected));
  const rate = new Intl.NumberFormat('it-IT', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(report.data[0].attendance_rate);
  await expect(row.getByRole('cell').nth(4)).toHaveText(rate);
  // One team: its members are shown at once, with their own figures.
  const members = page.getByRole('table', { name: `Membri di ${team.name}` });
  const romeDate = (iso: string) =>
    new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(iso));
  // The demo's Simone Lombardo left Agrisense 40 days ago: still listed for the span, with his figures.
  const left = report.data[0].members.filter((member: { left_at: string | null }) => member.left_at !== null);
  expect(left.map((member: { email: string }) => member.email)).toEqual(['simone.lombardo@example.com']);
  for (const member of report.data[0].members) {
    const line = members.getByRole('row').filter({ hasText: member.email });
    await expect(line).toContainText(`${member.name} ${member.surname}`);
    // Name, e-mail, since when and until when a member (Rome's days), sessions expected in that
    // stay, attended, minutes.
    await expect(line.getByRole('cell').nth(2)).toHaveText(romeDate(member.joined_at));
    await expect(line.getByRole('cell').nth(3)).toHaveText(
      member.left_at ? romeDate(member.left_at) : 'ancora nel team',
    );
    await expect(line.getByRole('cell').nth(4)).toHaveText(String(member.sessions_expected));
    await expect(line.getByRole('cell').nth(5)).toHaveText(String(member.sessions_attended));
    await expect(line.getByRole('cell').nth(6)).toHaveText(String(member.minutes_attended));
  }
  await expect(members.getByRole('columnheader')).toHaveText([
    'Membro',
    'Email',
    'Nel team dal',
    'Nel team fino al',
    'Sessioni previste',
    'Sessioni frequentate',
    'Minuti',
  ]);
  await expect(page.getByRole('heading', { name: 'Partecipanti non riconosciuti' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('participation.xlsx');
  const sheets = await sheetsOf(await file.path());
  expect(sheets.get('Riepilogo')![5].slice(0, 3)).toEqual([team.name, report.data[0].members.length, expected]);
  expect(sheets.get('Agrisense')![4]).toContain('Nel team fino al');

  // Learning.
  await page.getByRole('tab', { name: 'Apprendimento' }).click();
  await page.getByRole('combobox', { name: 'Videocorso' }).click();
  await page.getByRole('option', { name: 'Fondamenti di impresa per startup' }).click();
  const marco = seedDb.prepare("select id from users where email = 'membro@example.com'").get() as { id: number };
  await expect(page.getByTestId(`learning-row-${marco.id}`)).toContainText('Marco Rossi');
  await page.getByRole('button', { name: 'Dettaglio di Marco Rossi' }).click();
  const detail = page.getByRole('dialog', { name: /^Marco Rossi: Fondamenti di impresa per startup/ });
  await expect(detail.getByRole('row').nth(1)).toBeVisible();
  await detail.getByRole('button', { name: 'Chiudi' }).click();
  const learning = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica Excel' }).click();
  expect((await learning).suggestedFilename()).toBe('learning.xlsx');
});

test('a period the server refuses shows the server\'s reason under the field, not "try again"', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin/reports');
  const fromField = page.getByRole('textbox', { name: 'Dal', exact: true });
  await expect(fromField).toHaveValue(/^\d{4}-\d{2}-01$/);
  await fromField.fill('2020-01-01');
  await expect(page.getByText('Il periodo non può superare due anni.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Al', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Impossibile caricare il report. Riprova.')).toHaveCount(0);
});

test('the dashboard shows the programme figures with their tables, and the sessions list exports what it shows', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Andamento del programma' })).toBeVisible();
  await expect(page.getByTestId('sessions-this_week')).toHaveText(/^\d+$/);
  const monthly = page.getByRole('table', { name: 'Tasso di partecipazione per mese' });
  await expect(monthly.getByRole('row')).toHaveCount(7);
  const completion = page.getByRole('table', { name: 'Completamento dei videocorsi per team' });
  await expect(completion).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Ultime importazioni delle presenze' })).toBeVisible();
  // Every axis label is drawn whole (the charts once cut "100%" and "nov 2026" to "100…", "nov…"),
  // and the completion chart names every team of its table.
  const labels = async (testId: string) => page.getByTestId(testId).locator('svg text').allTextContents();
  await expect.poll(async () => (await labels('attendance-chart')).length).toBeGreaterThan(6);
  // The drawn charts stay out of focus and of the accessibility tree: their tables say the same.
  for (const chart of ['attendance-chart', 'completion-chart'])
    await expect(page.getByTestId(chart)).toHaveAttribute('inert', '');
  expect((await labels('attendance-chart')).filter((text) => text.includes('…'))).toEqual([]);
  expect(await labels('attendance-chart')).toContain('100%');
  // A point for every month with a rate, and none for the months without ("n.d."): a lone month
  // between two gaps would otherwise draw nothing.
  const rates = await monthly.locator('tbody tr td').allTextContents();
  const measured = rates.filter((rate) => rate.trim() !== 'n.d.').length;
  expect(measured).toBeGreaterThan(0);
  await expect(page.getByTestId('attendance-chart').locator('svg .MuiLineChart-mark')).toHaveCount(measured);
  const teamNames = (await completion.locator('tbody tr th, tbody tr td:first-child').allTextContents()).map((name) =>
    name.trim(),
  );
  expect(teamNames.length).toBeGreaterThan(3);
  const completionLabels = await labels('completion-chart');
  expect(completionLabels.filter((text) => text.includes('…'))).toEqual([]);
  for (const name of teamNames) expect(completionLabels, name).toContain(name);

  await page.goto('/admin/sessions');
  await page.getByRole('searchbox', { name: 'Cerca' }).pressSequentially('Pitch', { delay: 60 });
  await expect(page.getByRole('heading', { level: 2, name: 'Risultati per "Pitch"' })).toBeVisible();
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/sessions/excel');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta in Excel le sessioni mostrate' }).click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get('filter[search]')).toBe('Pitch');
  expect(url.searchParams.get('sort')).toBe('-start_time');
  expect((await download).suggestedFilename()).toBe('sessions.xlsx');
});

test('no two landmarks share a name: the report listing unrecognised participants, the dashboard listing imports', async ({
  pageAs,
  seedDb,
}) => {
  // The demo's guests no user matches, in a meeting already held.
  const guest = seedDb
    .prepare(
      'select s.start_time from attendances a join sessions s on s.id = a.session_id where a.user_id is null order by s.start_time desc',
    )
    .get() as { start_time: string };
  const daysAgo = Math.ceil((Date.now() - Date.parse(guest.start_time)) / 86_400_000) + 1;
  const sameNamedLandmarks = async (page: import('@playwright/test').Page) =>
    (await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()).violations.flatMap((violation) =>
      violation.nodes.map((node) => node.target.join(' ')),
    );

  const page = await pageAs('admin');
  await page.goto('/admin/reports');
  await page.getByRole('textbox', { name: 'Dal', exact: true }).fill(romeDay(-daysAgo));
  await page.getByRole('textbox', { name: 'Al', exact: true }).fill(romeDay(0));
  await expect(
    page.getByRole('region', { name: 'Partecipanti non riconosciuti' }).getByRole('row').nth(1),
  ).toBeVisible();
  expect(await sameNamedLandmarks(page)).toEqual([]);

  await page.goto('/admin');
  await expect(
    page.getByRole('region', { name: 'Ultime importazioni delle presenze' }).getByRole('row').nth(1),
  ).toBeVisible();
  expect(await sameNamedLandmarks(page)).toEqual([]);
});

test('staff without read_reports: no Report item, no page, 403 from the API', async ({ pageAs, seedDb }) => {
  // Only the demo accounts sign in: Olivia (ospite) gets, for this test, a role with sessions only.
  const admin = await pageAs('admin');
  await admin.goto('/admin');
  const ospite = seedDb.prepare("select id from users where email = 'ospite@example.com'").get() as { id: number };
  const api = (method: string, path: string, body?: unknown) =>
    admin.evaluate(
      async ({ method, path, body }) => {
        const response = await fetch(`/api/${path}`, {
          method,
          headers: {
            authorization: `Bearer ${localStorage.getItem('token')}`,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json().catch(() => null) };
      },
      { method, path, body },
    );
  const role = await api('POST', 'roles', {
    name: `Solo sessioni ${Date.now()}`,
    description: 'Prova report',
    permissions: ['read_sessions'],
  });
  expect(role.status).toBe(201);
  try {
    expect((await api('PUT', `users/${ospite.id}/roles`, { roles: [role.body.data.id] })).status).toBe(200);
    const page = await pageAs('ospite');
    await page.goto('/admin');
    const menu = page.getByRole('menu').or(page.locator('.RaMenu-open, .RaMenu-root')).first();
    await expect(menu.getByRole('menuitem', { name: 'Sessioni', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Report', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Andamento del programma' })).toHaveCount(0);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Accesso negato' })).toBeVisible();
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/reports/participation', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, accept: 'application/json' },
      });
      return response.status;
    });
    expect(status).toBe(403);
  } finally {
    await api('PUT', `users/${ospite.id}/roles`, { roles: [] });
    await api('DELETE', `roles/${role.body.data.id}`);
  }
});
