import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type Database from 'better-sqlite3';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { expect, signedInState, test as base } from './fixtures';
import type { DemoAccount } from './support/accounts';
import { sessionsAsExpert, teamsOf, userByEmail } from './support/seed-queries';

/**
 * Every screen and every dialog state passes axe-core 4.14 with every WCAG 2.0/2.1/2.2 A and AA
 * rule — label-in-name ("label-content-name-mismatch") included, which older axe versions ran only
 * as experimental — at desktop (1280) and phone (390×844) widths (a dialog whose layout has no
 * breakpoint at desktop width only), and at phone width no page scrolls sideways. A11Y_SHOTS_DIR=/some/dir also saves a screenshot of every screen at both sizes.
 *
 * @axe-core/playwright stays on 4.13 (its 4.14 needs a newer Node); the axe engine it injects is
 * the project's own axe-core 4.14, passed as `axeSource`.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const LABEL_IN_NAME = 'label-content-name-mismatch';

/** The browser sizes the screens are checked at. */
const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  /** A 1280 px screen at 400 % zoom. */
  zoomed: { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;
type Size = keyof typeof SIZES;

/**
 * A page per account and size, kept for the worker's other screens: a new browser context per
 * screen was a third of each check's time, and every screen starts with a full page load anyway.
 * What a page keeps between screens is what the browser stores: each screen starts with the
 * stored sign-in only (react-admin keeps list filters in localStorage, which would carry a search
 * to the next screen).
 */
const test = base.extend<
  { screenPage: (account: DemoAccount | null, size: Size) => Promise<Page> },
  { screenPages: Map<string, Page> }
>({
  screenPages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare "no dependencies" as `{}`
    async ({}, use) => {
      const pages = new Map<string, Page>();
      await use(pages);
      for (const page of pages.values()) await page.context().close();
    },
    { scope: 'worker' },
  ],
  screenPage: async ({ browser, signedInStates, screenPages }, use) => {
    await use(async (account, size) => {
      const key = `${account ?? 'visitor'} ${size}`;
      let page = screenPages.get(key);
      if (!page) {
        const storageState = account ? await signedInState(browser, signedInStates, account) : undefined;
        page = await (await browser.newContext({ ...SIZES[size], storageState })).newPage();
        screenPages.set(key, page);
      } else {
        await page.evaluate(() => {
          const token = localStorage.getItem('token');
          localStorage.clear();
          sessionStorage.clear();
          if (token) localStorage.setItem('token', token);
        });
      }
      return page;
    });
  },
});

test.describe.configure({ mode: 'parallel' });

interface Screen {
  name: string;
  /** Who is signed in; null for the public pages, seen signed out. */
  account: DemoAccount | null;
  /** The path, derived from the worker's seed when it needs ids. */
  path: (db: Database.Database) => string;
  /** Waits until the screen shows its data, not a spinner. */
  ready: (page: Page) => Promise<void>;
  /** Opens something on top of the page (a dialog) before checking. */
  open?: (page: Page) => Promise<void>;
  /**
   * A dialog whose layout uses no breakpoint: it is the same box of the same content at every width,
   * and the page behind it has its own phone-width check, so it is checked at desktop width only.
   */
  sameAtEveryWidth?: true;
}

function firstTeamOf(db: Database.Database, email: string): number {
  return teamsOf(db, userByEmail(db, email).id)[0].id;
}

/** A session of the member's own team (or of every team), so /sessions/{id} shows it. */
function memberSession(db: Database.Database): number {
  const teamId = firstTeamOf(db, 'membro@example.com');
  const row = db
    .prepare(
      `select s.id from sessions s
       where exists (select 1 from session_teams st where st.session_id = s.id and st.team_id = ?)
       order by s.start_time desc limit 1`,
    )
    .get(teamId) as { id: number } | undefined;
  if (!row) throw new Error('The seed has no session for the member team');
  return row.id;
}

/** The first lesson of course 1's first module. */
function firstLesson(db: Database.Database): { moduleId: number; lessonId: number } {
  const row = db
    .prepare(
      `select l.id as lessonId, m.id as moduleId from lessons l join modules m on m.id = l.module_id
       where m.course_id = 1 order by m.position, m.id, l.position, l.id limit 1`,
    )
    .get() as { moduleId: number; lessonId: number } | undefined;
  if (!row) throw new Error('The seed has no lesson in course 1');
  return row;
}

const heading1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** A heading of level 1 and one of level 2 (admin lists: "Gestione …" then "Tutti …"). */
const headings = (title: string | RegExp, subtitle: string | RegExp) => async (page: Page) => {
  await heading1(title)(page);
  await expect(page.getByRole('heading', { level: 2, name: subtitle })).toBeVisible();
};

/** Admin tables: data rows shown, no spinner. */
const tableReady = (title: string, subtitle: string) => async (page: Page) => {
  await headings(title, subtitle)(page);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
};

const LONG_TERM = 'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-percorso';

const SCREENS: Screen[] = [
  {
    name: 'membro-dashboard',
    account: 'membro',
    path: () => '/dashboard',
    ready: async (page) => {
      await expect(page.getByText(/^Ciao,/).first()).toBeVisible();
      await expect(
        page
          .getByRole('link', { name: 'Accedi al percorso' })
          .or(page.getByRole('button', { name: 'Accedi al percorso' })),
      ).toBeVisible();
    },
  },
  {
    name: 'membro-percorso',
    account: 'membro',
    path: (db) => `/percorso/${firstTeamOf(db, 'membro@example.com')}`,
    ready: async (page) => {
      await heading1('Percorso')(page);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByText(/^Prossimo appuntamento/).first()).toBeVisible();
    },
  },
  {
    name: 'membro-session',
    account: 'membro',
    path: (db) => `/sessions/${memberSession(db)}`,
    ready: async (page) => {
      await heading1('Sessione')(page);
      await expect(page.getByRole('heading', { name: 'Esperti' })).toBeVisible();
    },
  },
  {
    name: 'membro-courses',
    account: 'membro',
    path: () => '/courses',
    ready: async (page) => {
      // One course redirects straight to its modules.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'membro-modules',
    account: 'membro',
    path: () => '/courses/1/modules',
    ready: async (page) => {
      await expect(page.getByTestId('completion-percent')).toBeVisible();
      await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'membro-lessons',
    account: 'membro',
    path: (db) => `/courses/1/modules/${firstLesson(db).moduleId}/lessons`,
    ready: async (page) => {
      await expect(page.getByTestId('completion-percent')).toBeVisible();
      await expect(page.getByText(/^(Completata|Non completata)$/).first()).toBeVisible();
    },
  },
  {
    name: 'membro-player',
    account: 'membro',
    path: (db) => {
      const { moduleId, lessonId } = firstLesson(db);
      return `/courses/1/modules/${moduleId}/lessons/${lessonId}`;
    },
    ready: async (page) => {
      await heading1('Lezione')(page);
      await expect(page.getByRole('complementary', { name: 'Lezioni nel modulo' })).toBeVisible();
      await expect(page.locator('video')).toBeAttached();
    },
  },
  {
    name: 'esperto-dashboard',
    account: 'esperto',
    path: () => '/dashboard',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Sei un esperto' })).toBeVisible();
      await expect(
        page
          .getByRole('link', { name: 'Accedi' })
          .or(page.getByRole('button', { name: 'Accedi' }))
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: 'esperto-session',
    account: 'esperto',
    path: (db) => `/sessions/${sessionsAsExpert(db, userByEmail(db, 'esperto@example.com').id)[0].id}`,
    ready: async (page) => {
      await heading1('Sessione')(page);
      await expect(page.getByRole('heading', { name: 'Accesso Esperto' })).toBeVisible();
    },
  },
  {
    name: 'admin-dashboard',
    account: 'admin',
    path: () => '/admin',
    ready: async (page) => {
      await heading1(/^Ciao, /)(page);
      await expect(page.getByText('Utenti', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
    },
  },
  {
    name: 'admin-not-found',
    account: 'admin',
    path: () => '/admin/una-sezione-che-non-esiste',
    ready: heading1('Non trovato'),
  },
  {
    name: 'admin-reports',
    account: 'admin',
    path: () => '/admin/reports',
    ready: async (page) => {
      await heading1('Report')(page);
      await expect(page.getByTestId('participation-overall')).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
    },
  },
  {
    name: 'admin-experts',
    account: 'admin',
    path: () => '/admin/experts',
    ready: tableReady('Gestione Esperti', 'Tutti gli esperti'),
  },
  {
    name: 'admin-roles',
    account: 'admin',
    path: () => '/admin/roles',
    ready: async (page) => {
      await headings('Gestione Ruoli', 'Tutti i ruoli')(page);
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    },
  },
  {
    name: 'admin-teams',
    account: 'admin',
    path: () => '/admin/teams',
    ready: tableReady('Gestione Team', 'Tutti i team'),
  },
  // A searched term with no spaces (a pasted link) must not widen the page on a phone.
  {
    name: 'admin-teams-link-searched',
    account: 'admin',
    path: () => `/admin/teams?filter=${encodeURIComponent(JSON.stringify({ search: LONG_TERM }))}`,
    ready: headings('Gestione Team', /^Risultati per "https:/),
  },
  {
    name: 'admin-users',
    account: 'admin',
    path: () => '/admin/users',
    ready: tableReady('Gestione Utenti', 'Tutti gli utenti'),
  },
  {
    name: 'admin-sessions',
    account: 'admin',
    path: () => '/admin/sessions',
    ready: tableReady('Gestione Sessioni', 'Tutte le sessioni'),
  },
  {
    name: 'admin-courses',
    account: 'admin',
    path: () => '/admin/courses',
    ready: async (page) => {
      await headings('Gestione Videocorsi', 'Tutti i videocorsi')(page);
      await expect(page.getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    name: 'admin-modules',
    account: 'admin',
    path: () => '/admin/courses/1/modules',
    ready: async (page) => {
      await headings(/^Gestione Moduli per /, 'Tutti i moduli')(page);
      await expect(page.getByRole('button', { name: 'Cambia cover' }).first()).toBeVisible();
    },
  },
  {
    name: 'admin-lessons',
    account: 'admin',
    path: (db) => `/admin/courses/1/modules/${firstLesson(db).moduleId}/lessons`,
    ready: async (page) => {
      await headings(/^Gestione Lezioni per /, 'Tutte le lezioni')(page);
      await expect(page.getByRole('button', { name: 'Modifica' }).first()).toBeVisible();
    },
  },
  {
    name: 'public-login',
    account: null,
    path: () => '/',
    // The button waits, disabled, for the public configuration (its label names the provider):
    // checked before it is enabled, axe can meet its colour halfway through the change to white.
    ready: async (page) => {
      await heading1('Accedi con il tuo account')(page);
      await expect(page.getByRole('button', { name: /^Accedi con / })).toBeEnabled();
    },
  },
  {
    name: 'public-statement',
    account: null,
    path: () => '/accessibilita',
    ready: heading1('Dichiarazione di accessibilità'),
  },
  {
    name: 'public-not-found',
    account: null,
    path: () => '/pagina-che-non-esiste',
    ready: async (page) => {
      await heading1('Not found.')(page);
      await expect(page.getByRole('link', { name: 'Torna alla pagina iniziale' })).toBeVisible();
    },
  },
  {
    name: 'public-report-errors',
    account: null,
    path: () => '/segnala-accessibilita',
    ready: heading1('Segnala un problema di accessibilità'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Invia la segnalazione' }).click();
      // The same form as signed in, with the visitor's name and address: every field in error.
      await expect(page.getByText('Scrivi il tuo nome.')).toBeVisible();
      await expect(page.getByText('Descrivi il problema.')).toBeVisible();
    },
  },
  {
    name: 'membro-statement',
    account: 'membro',
    path: () => '/accessibilita',
    ready: heading1('Dichiarazione di accessibilità'),
  },
  {
    name: 'membro-report',
    account: 'membro',
    path: () => '/segnala-accessibilita',
    ready: async (page) => {
      await heading1('Segnala un problema di accessibilità')(page);
      await expect(page.getByRole('textbox', { name: /Descrizione del problema/ })).toBeVisible();
    },
  },
  {
    name: 'membro-sign-ins',
    account: 'membro',
    path: () => '/accessi-attivi',
    ready: async (page) => {
      await heading1('Accessi attivi')(page);
      await expect(page.getByText('Questo dispositivo')).toBeVisible();
    },
  },
  {
    name: 'membro-user-menu',
    account: 'membro',
    path: () => '/dashboard',
    ready: heading1('Dashboard'),
    open: async (page) => {
      await page.getByRole('button', { name: /Menu utente/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'membro-description-dialog',
    sameAtEveryWidth: true,
    account: 'membro',
    path: (db) => `/percorso/${firstTeamOf(db, 'membro@example.com')}`,
    ready: heading1('Percorso'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Modifica descrizione' }).click();
      await expect(page.getByRole('dialog', { name: 'Modifica descrizione' })).toBeVisible();
    },
  },
  {
    name: 'membro-logo-dialog',
    account: 'membro',
    path: (db) => `/percorso/${firstTeamOf(db, 'membro@example.com')}`,
    ready: heading1('Percorso'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Modifica logo' }).click();
      await expect(page.getByRole('dialog', { name: 'Modifica logo' })).toBeVisible();
    },
  },
  {
    name: 'admin-teams-members',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/teams',
    ready: tableReady('Gestione Team', 'Tutti i team'),
    open: async (page) => {
      await page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Membri/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('progressbar')).toHaveCount(0);
    },
  },
  // A member's join date refused under its field, over the members dialog of the member's team.
  {
    name: 'admin-teams-member-date-errors',
    sameAtEveryWidth: true,
    account: 'admin',
    path: (db) =>
      `/admin/teams?filter=${encodeURIComponent(JSON.stringify({ search: teamsOf(db, userByEmail(db, 'membro@example.com').id)[0].name }))}`,
    ready: headings('Gestione Team', /^Risultati per/),
    open: async (page) => {
      await page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Membri/ })
        .click();
      await expect(page.getByRole('dialog').getByRole('progressbar')).toHaveCount(0);
      await page
        .getByRole('button', { name: /^Cambia la data di ingresso di/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /^Data di ingresso di/ });
      await dialog.getByLabel('Nel team dal').fill('1999-12-31');
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await expect(dialog.getByText('La data di ingresso non può essere precedente al 01/01/2000.')).toBeVisible();
    },
  },
  {
    name: 'admin-teams-delete',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/teams',
    ready: tableReady('Gestione Team', 'Tutti i team'),
    open: async (page) => {
      await page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Elimina/ })
        .click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Conferma' })).toBeVisible();
    },
  },
  {
    name: 'admin-teams-edit',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/teams',
    ready: tableReady('Gestione Team', 'Tutti i team'),
    open: async (page) => {
      await page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Modifica/ })
        .click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Salva' })).toBeVisible();
    },
  },
  {
    name: 'admin-teams-create-errors',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/teams',
    ready: tableReady('Gestione Team', 'Tutti i team'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Nuovo team' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo team' });
      await dialog.getByRole('button', { name: 'Crea' }).click();
      await expect(dialog.getByText(/obbligatori/).first()).toBeVisible();
    },
  },
  {
    name: 'admin-roles-edit',
    account: 'admin',
    path: () => '/admin/roles',
    ready: headings('Gestione Ruoli', 'Tutti i ruoli'),
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Modifica/ })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeVisible();
    },
  },
  {
    name: 'admin-users-roles',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/users',
    ready: tableReady('Gestione Utenti', 'Tutti gli utenti'),
    open: async (page) => {
      await page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Permessi/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'admin-lessons-create',
    sameAtEveryWidth: true,
    account: 'admin',
    path: (db) => `/admin/courses/1/modules/${firstLesson(db).moduleId}/lessons`,
    ready: headings(/^Gestione Lezioni per /, 'Tutte le lezioni'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Crea nuova lezione' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'admin-teams-create',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/teams',
    ready: tableReady('Gestione Team', 'Tutti i team'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Nuovo team' }).click();
      await expect(page.getByRole('dialog', { name: 'Nuovo team' })).toBeVisible();
    },
  },
  {
    name: 'admin-sessions-create',
    sameAtEveryWidth: true,
    account: 'admin',
    path: () => '/admin/sessions',
    ready: tableReady('Gestione Sessioni', 'Tutte le sessioni'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Nuova sessione' }).click();
      await expect(page.getByRole('dialog', { name: 'Nuova sessione' })).toBeVisible();
    },
  },
];

/** Every WCAG A/AA violation (whatever its impact), one readable line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(WCAG_TAGS)
    // Third-party players (a YouTube lesson) are outside the product's control.
    .exclude('iframe[src*="youtube"]')
    .analyze();
  expect(results.testEngine.version, "the axe engine injected is the project's axe-core").toMatch(
    /^4\.(1[4-9]|[2-9]\d)\./,
  );
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (rule) => rule.id,
  );
  expect(ran, 'label-in-name is one of the rules run').toContain(LABEL_IN_NAME);
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
    ),
  );
}

/** How far the page scrolls sideways, with the elements that stick out of the viewport. */
async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Report the outermost offender only: its children stick out because it does.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 1) continue;
      const id = element.id ? `#${element.id}` : '';
      const classes =
        typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
      culprits.push(`${element.tagName.toLowerCase()}${id}${classes} (right edge ${Math.round(box.right)}px)`);
    }
    return { overflow: root.scrollWidth - width, culprits: culprits.slice(0, 10) };
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.A11Y_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Lets finite CSS transitions end (a dialog fading in), so contrast is measured on the final colours. */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function openScreen(page: Page, screen: Screen, db: Database.Database): Promise<void> {
  await page.goto(screen.path(db));
  await screen.ready(page);
  await screen.open?.(page);
  await transitionsEnded(page);
}

test.describe('axe 4.14: no WCAG 2.x A/AA violation', () => {
  for (const screen of SCREENS) {
    test(screen.name, async ({ screenPage, seedDb }) => {
      const page = await screenPage(screen.account, 'desktop');
      await openScreen(page, screen, seedDb);
      await screenshot(page, `${screen.name}-desktop`);
      const violations = await seriousViolations(page);
      expect(violations, `axe on ${page.url()}:\n${violations.join('\n')}`).toEqual([]);
    });
  }
});

test.describe('390×844: no horizontal scrolling, and axe passes on the phone layout too', () => {
  for (const screen of SCREENS.filter((candidate) => !candidate.sameAtEveryWidth)) {
    test(screen.name, async ({ screenPage, seedDb }) => {
      const page = await screenPage(screen.account, 'phone');
      await openScreen(page, screen, seedDb);
      await screenshot(page, `${screen.name}-phone`);
      const { overflow, culprits } = await horizontalOverflow(page);
      expect(
        overflow,
        `${page.url()} scrolls ${overflow}px sideways; sticking out:\n${culprits.join('\n')}`,
      ).toBeLessThanOrEqual(1);
      const violations = await seriousViolations(page);
      expect(violations, `axe at 390×844 on ${page.url()}:\n${violations.join('\n')}`).toEqual([]);
    });
  }
});

test.describe('320×640 (a 1280 px screen at 400 % zoom): no horizontal scrolling', () => {
  for (const name of [
    'membro-dashboard',
    'membro-percorso',
    'membro-lessons',
    'membro-player',
    'esperto-dashboard',
    'admin-dashboard',
    'admin-reports',
    'admin-sessions',
  ]) {
    test(name, async ({ screenPage, seedDb }) => {
      const screen = SCREENS.find((candidate) => candidate.name === name)!;
      const page = await screenPage(screen.account, 'zoomed');
      await openScreen(page, screen, seedDb);
      const { overflow, culprits } = await horizontalOverflow(page);
      expect(
        overflow,
        `${page.url()} scrolls ${overflow}px sideways; sticking out:\n${culprits.join('\n')}`,
      ).toBeLessThanOrEqual(1);
      // Nor is any text cut with "…": what does not fit wraps, so that all of it can be read.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main *, header *')]
          .filter(
            (element) =>
              getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1,
          )
          .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 60)}"`),
      );
      expect(cut, `${page.url()} cuts text:\n${cut.join('\n')}`).toEqual([]);
    });
  }
});

test('with less motion asked of the system, the phone menu and dialogs appear without sliding or fading', async ({
  pageAs,
}) => {
  const page = await pageAs('membro', { ...SIZES.phone, reducedMotion: 'reduce' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const seconds = (value: string) =>
    Math.max(
      ...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))),
    );
  const longest = await menu.evaluate((element) => {
    const styles = [element, element.parentElement!.querySelector('.MuiBackdrop-root') ?? element].map((node) =>
      getComputedStyle(node),
    );
    return styles.map((style) => style.transitionDuration).join(',');
  });
  expect(seconds(longest)).toBeLessThan(0.001);
});

test.describe('390×844: the slide-in menus pass axe', () => {
  for (const [account, path] of [
    ['membro', '/dashboard'],
    ['admin', '/admin'],
  ] as const) {
    test(`${account} on ${path}`, async ({ pageAs }) => {
      const page = await pageAs(account, SIZES.phone);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Apri il menu' }).click();
      // The portal's menu holds links; react-admin's holds menu items.
      const dashboard = page
        .getByRole('link', { name: 'Dashboard', exact: true })
        .or(page.getByRole('menuitem', { name: 'Dashboard', exact: true }));
      await expect(dashboard.locator('visible=true')).toBeVisible();
      await transitionsEnded(page);
      await screenshot(page, `${account}-menu-phone`);
      const violations = await seriousViolations(page);
      expect(violations, `axe with the menu open on ${page.url()}:\n${violations.join('\n')}`).toEqual([]);
    });
  }
});
