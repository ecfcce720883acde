import AxeBuilder from '@axe-core/playwright';
import type Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { teamsAsExpert, teamsOf, userByEmail } from './support/seed-queries';

/** The team path, the shared side layout, the session detail and the expert view; the logo; who may edit the team. */

test.describe.configure({ mode: 'parallel' });

const rome = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const romeMonth = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', month: 'long', year: 'numeric' });

interface SeedSession {
  id: number;
  name: string;
  start_time: string;
}

/** The team's sessions not ended yet (those attached to no team included), soonest first. */
function upcomingSessionsOf(db: Database.Database, teamId: number): SeedSession[] {
  const now = new Date().toISOString();
  return db
    .prepare(
      `select s.id, s.name, s.start_time from sessions s
       where (exists (select 1 from session_teams st where st.session_id = s.id and st.team_id = ?)
              or not exists (select 1 from session_teams st where st.session_id = s.id))
         and (s.end_time >= ? or (s.end_time is null and s.start_time >= ?))
       order by s.start_time, s.id`,
    )
    .all(teamId, now, now) as SeedSession[];
}

/** A session the expert takes part in that belongs to teams the expert is not a member of. */
function expertOnlySession(db: Database.Database, expertId: number): SeedSession & { team_id: number } {
  const row = db
    .prepare(
      `select s.id, s.name, s.start_time, st.team_id from sessions s
       join session_experts e on e.session_id = s.id and e.user_id = ?
       join session_teams st on st.session_id = s.id
       where st.team_id not in (select team_id from team_members where user_id = ?)
       order by s.start_time desc limit 1`,
    )
    .get(expertId, expertId) as (SeedSession & { team_id: number }) | undefined;
  if (!row) throw new Error('The seed has no team session for the expert');
  return row;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Noon UTC on the 15th of next month (in Rome): safely inside that month whatever today is. */
function middleOfNextMonth(): Date {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year, month, 15, 12));
}

test('membro opens Percorso: team, next appointment, calendar, side cards, then a session', async ({
  pageAs,
  seedDb,
}) => {
  const member = userByEmail(seedDb, 'membro@example.com');
  const [team] = teamsOf(seedDb, member.id);
  const upcoming = upcomingSessionsOf(seedDb, team.id);
  const page = await pageAs('membro');

  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Percorso', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/percorso/${team.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Percorso' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: team.name })).toBeVisible();
  await expect(page.getByText(/^\d+ (membro|membri)$/)).toBeVisible();

  const drive = page.getByRole('link', { name: 'Apri la cartella' });
  if (team.drive_url) {
    await expect(drive).toHaveAttribute('href', team.drive_url);
    await expect(drive).toHaveAttribute('target', '_blank');
  }

  if (upcoming.length) {
    await expect(page.getByTestId('next-appointment-time')).toHaveText(rome.format(new Date(upcoming[0].start_time)));
  } else {
    await expect(page.getByText('Nessun appuntamento in programma')).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Vai ai videocorsi' })).toHaveAttribute('href', '/courses');

  const calendar = page.getByRole('table', { name: capitalised(romeMonth.format(new Date())) });
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('th')).toHaveText(['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom']);
  await expect(calendar.locator('[aria-current="date"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Mese successivo' }).click();
  await expect(page.getByRole('table', { name: capitalised(romeMonth.format(middleOfNextMonth())) })).toBeVisible();
  await page.getByRole('button', { name: 'Mese precedente' }).click();
  await expect(calendar).toBeVisible();

  await expect(page.getByRole('region', { name: 'Coordinatore' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Membri del team' }).getByText(`${member.name} ${member.surname}`),
  ).toBeVisible();
  for (const label of ['Percorso di incubazione', 'Percorso di fundraising', 'Tecnonidi']) {
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('target', '_blank');
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The seed always plans sessions ahead for membro's team.
  expect(upcoming.length).toBeGreaterThan(0);
  const list = page.getByRole('region', { name: 'Prossimi appuntamenti' });
  const first = list.getByRole('link', { name: upcoming[0].name }).first();
  await expect(first).toHaveAttribute('href', `/sessions/${upcoming[0].id}`);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${upcoming[0].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sessione' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: upcoming[0].name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Descrizione' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Come partecipare' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Esperti' })).toBeVisible();
  await expect(page.getByText('Accesso Esperto')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Coordinatore' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the team's tiles keep their titles and buttons inside them, at every width", async ({ pageAs, seedDb }) => {
  const member = userByEmail(seedDb, 'membro@example.com');
  const [team] = teamsOf(seedDb, member.id);
  const page = await pageAs('membro');
  await page.goto(`/percorso/${team.id}`);
  const tiles = page.getByRole('region', { name: 'Collegamenti rapidi' });
  await expect(tiles.getByRole('link', { name: 'Vai ai videocorsi' })).toBeVisible();
  // 1280: beside the navigation and the side cards, where three side by side used to push the next
  // appointment's title out of its tile and break its button over two lines.
  for (const width of [1440, 1280, 1024, 700, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const problems = await tiles.evaluate((section) => {
      const found: string[] = [];
      for (const tile of section.querySelectorAll<HTMLElement>(':scope > div > *')) {
        const box = tile.getBoundingClientRect();
        const padding = parseFloat(getComputedStyle(tile).paddingRight);
        for (const element of tile.querySelectorAll<HTMLElement>('p, a, button')) {
          const inner = element.getBoundingClientRect();
          if (inner.width && inner.right > box.right - padding + 0.5)
            found.push(`"${element.textContent}" overflows its tile`);
          if (element.scrollWidth > element.clientWidth + 1)
            found.push(`"${element.textContent}" is wider than its box`);
        }
        for (const button of tile.querySelectorAll<HTMLElement>('a, button')) {
          // Visible text only: a link's visually hidden "opens in a new tab" sits in a 1 px box.
          const lines = new Set<number>();
          const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if ((text.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            for (const rect of range.getClientRects()) lines.add(Math.round(rect.top));
          }
          if (lines.size > 1) found.push(`"${button.textContent}" is on ${lines.size} lines`);
        }
      }
      return found;
    });
    expect(problems, `at ${width} px`).toEqual([]);
  }
});

test('membro edits the team description and logo', async ({ pageAs, seedDb }) => {
  const member = userByEmail(seedDb, 'membro@example.com');
  const [team] = teamsOf(seedDb, member.id);
  const page = await pageAs('membro');
  await page.goto(`/percorso/${team.id}`);

  const description = `Descrizione aggiornata ${Date.now()}`;
  await page.getByRole('button', { name: 'Modifica descrizione' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifica descrizione' });
  await dialog.getByRole('textbox', { name: 'Descrizione' }).fill(description);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(description)).toBeVisible();
  await page.reload();
  await expect(page.getByText(description)).toBeVisible();
  // A long link in it wraps: on a phone the page does not grow sideways.
  const link = `https://drive.google.com/drive/folders/${'1v1uaVVurNKGuQbB4nRAiJyBFUNfIUQy'.repeat(3)}`;
  await page.getByRole('button', { name: 'Modifica descrizione' }).click();
  await dialog.getByRole('textbox', { name: 'Descrizione' }).fill(`${description} ${link}`);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(link)).toBeVisible();
  // Polled: the layout settles for the new width over a frame or two.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'Modifica logo' }).click();
  const logo = page.getByRole('dialog', { name: 'Modifica logo' });
  await logo.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(logo.getByRole('img', { name: "Anteprima dell'immagine ritagliata" })).toBeVisible();
  await logo.getByRole('button', { name: 'Aggiorna logo' }).click();
  await expect(logo).toBeHidden();
  const avatar = page.getByRole('region', { name: team.name }).getByRole('img', { name: team.name, exact: true });
  await expect(avatar).toHaveAttribute('src', /^\/storage\/teams\//);
  const src = await avatar.getAttribute('src');
  expect((await page.request.get(src!)).status()).toBe(200);
});

test('the logo dialog refuses a file over 5 MB', async ({ pageAs, seedDb }) => {
  const member = userByEmail(seedDb, 'membro@example.com');
  const [team] = teamsOf(seedDb, member.id);
  const page = await pageAs('membro');
  await page.goto(`/percorso/${team.id}`);
  await page.getByRole('button', { name: 'Modifica logo' }).click();
  const logo = page.getByRole('dialog', { name: 'Modifica logo' });
  const big = Buffer.alloc(5 * 1024 * 1024 + 1);
  await logo.locator('input[type="file"]').setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
  await expect(logo.getByRole('alert')).toHaveText(
    'Il file è troppo grande. La dimensione massima consentita è di 5MB.',
  );
  await expect(logo.getByRole('button', { name: 'Aggiorna logo' })).toBeDisabled();
});

test('the logo dialog refuses a damaged image: named .png, not one', async ({ pageAs, seedDb }) => {
  const member = userByEmail(seedDb, 'membro@example.com');
  const [team] = teamsOf(seedDb, member.id);
  const page = await pageAs('membro');
  await page.goto(`/percorso/${team.id}`);
  await page.getByRole('button', { name: 'Modifica logo' }).click();
  const logo = page.getByRole('dialog', { name: 'Modifica logo' });
  await logo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'finto.png', mimeType: 'image/png', buffer: Buffer.from('non sono un PNG') });
  await expect(logo.getByRole('alert')).toHaveText(/Il file selezionato è danneggiato o non è un'immagine leggibile/);
  await expect(logo.getByRole('img', { name: 'Immagine da ritagliare' })).toHaveCount(0);
  await expect(logo.getByRole('button', { name: 'Aggiorna logo' })).toBeDisabled();
});

test('esperto opens a startup and a session as an expert', async ({ pageAs, seedDb }) => {
  const expert = userByEmail(seedDb, 'esperto@example.com');
  const [followed] = teamsAsExpert(seedDb, expert);
  const page = await pageAs('esperto');

  await page.goto(`/percorso/${followed.id}`);
  await expect(page.getByRole('heading', { level: 2, name: followed.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifica descrizione' })).toHaveCount(0);
  const list = page.getByRole('region', { name: 'Prossimi appuntamenti' });
  const links = list.getByRole('link');
  if ((await links.count()) > 0) {
    await expect(links.first()).toHaveAttribute('href', new RegExp(`^/percorso/${followed.id}/sessions/\\d+$`));
  }

  const session = expertOnlySession(seedDb, expert.id);
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sessione' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: session.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accesso Esperto' })).toBeVisible();
  await expect(page.getByText('Stai visualizzando questa sessione come esperto')).toBeVisible();
  const startups = page.getByRole('region', { name: 'Startup' });
  await expect(startups.getByRole('link').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Esperti' }).getByText(`${expert.name} ${expert.surname}`),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The same session in the context of its team: no expert notice, the team's side column instead.
  await page.goto(`/percorso/${session.team_id}/sessions/${session.id}`);
  await expect(page.getByRole('heading', { level: 2, name: session.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Coordinatore' })).toBeVisible();
  await expect(page.getByText('Accesso Esperto')).toHaveCount(0);
});

test("an outsider opening a team's URL is refused in Italian", async ({ pageAs, seedDb }) => {
  const member = userByEmail(seedDb, 'membro@example.com');
  const [team] = teamsOf(seedDb, member.id);
  const page = await pageAs('ospite');
  await page.goto(`/percorso/${team.id}`);
  await expect(page.getByRole('alert')).toHaveText('Non hai accesso a questo team.');
  await expect(page.getByRole('heading', { level: 2, name: team.name })).toHaveCount(0);
  await page.goto('/percorso/999999');
  await expect(page.getByRole('alert')).toHaveText(/Non hai accesso a questo team\.|Team non trovato\./);
  await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
