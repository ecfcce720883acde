import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SQLite } from '../../server/src/db/sqlite-driver';
import { basePort, repoRoot, startServer, type RunningServer } from './support/server';

/**
 * Signing in through a provider nobody here wrote: Debian's Glewlwyd, set up by
 * scripts/oidc/glewlwyd-setup.sh on loopback with its own database, and a Percorso configured with
 * nothing but OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (a secret with -_.!~*'() in it),
 * PUBLIC_URL and a label. Skipped only where glewlwyd is not installed (the CI script installs it).
 */
const installed = spawnSync('sh', ['-c', 'command -v glewlwyd'], { encoding: 'utf8' }).status === 0;
const SETUP = join(repoRoot, 'scripts/oidc/glewlwyd-setup.sh');
const GLEWLWYD_PORT = Number(process.env.GLEWLWYD_PORT) || 4280;
const PERCORSO_PORT = basePort + 40;
const PASSWORD = 'percorso-e2e';

test.describe.configure({ mode: 'serial' });
test.skip(
  !installed,
  'glewlwyd is not installed here (apt-get install glewlwyd; .ci/run installs it): third-party provider tests skipped',
);

let dir = '';
let percorso: RunningServer | null = null;
let oidcEnv: Record<string, string> = {};

function glewlwyd(...args: string[]): void {
  execFileSync(SETUP, args, {
    env: {
      ...process.env,
      GLEWLWYD_DIR: dir,
      GLEWLWYD_PORT: String(GLEWLWYD_PORT),
      PERCORSO_URL: `http://localhost:${PERCORSO_PORT}`,
    },
    stdio: 'pipe',
    timeout: 120_000,
  });
}

/** KEY="value" lines of the setup script's percorso.env. */
function readEnv(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => {
        const eq = line.indexOf('=');
        return [line.slice(0, eq), line.slice(eq + 1).replace(/^"(.*)"$/, '$1')];
      }),
  );
}

/** Short, so that the key rotation below is followed without waiting the default minute. */
const DISCOVERY_CACHE_SECONDS = 1;

async function startPercorso(signUp: 'open' | 'invite'): Promise<void> {
  await percorso?.stop();
  percorso = await startServer({
    port: PERCORSO_PORT,
    databasePath: join(dir, 'percorso.db'),
    storageDir: join(dir, 'storage'),
    logFile: join(dir, 'percorso.log'),
    env: {
      ...oidcEnv,
      PROVIDER_LABEL: 'Glewlwyd',
      SIGN_UP: signUp,
      LOG_LEVEL: 'info',
      OIDC_DISCOVERY_CACHE_SECONDS: String(DISCOVERY_CACHE_SECONDS),
    },
  });
}

function db() {
  return new SQLite(join(dir, 'percorso.db'));
}

function userRow(email: string) {
  const conn = db();
  try {
    return conn.prepare('select id, name, surname, oidc_subject from users where email = ?').get(email) as
      { id: number; name: string; surname: string; oidc_subject: string | null } | undefined;
  } finally {
    conn.close();
  }
}

/** A user staff created in Percorso before that person ever signed in. */
function preCreate(email: string, name: string, surname: string): void {
  const conn = db();
  try {
    const now = new Date().toISOString();
    conn
      .prepare('insert into users (name, surname, email, created_at, updated_at) values (?, ?, ?, ?, ?)')
      .run(name, surname, email, now, now);
  } finally {
    conn.close();
  }
}

function percorsoLog(): string {
  return readFileSync(join(dir, 'percorso.log'), 'utf8');
}

/** From Percorso's login screen through Glewlwyd's login and grant pages, back to /auth/callback. */
async function signInAtGlewlwyd(page: Page, username: string): Promise<void> {
  await page.goto(`http://localhost:${PERCORSO_PORT}/`);
  await page.getByRole('button', { name: 'Accedi con Glewlwyd' }).click();
  await page.waitForURL(new RegExp(`127\\.0\\.0\\.1:${GLEWLWYD_PORT}/login\\.html`));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#loginbut').click();
  // First time for this user Glewlwyd asks to grant the scopes; afterwards it asks to continue.
  const home = `http://localhost:${PERCORSO_PORT}/`;
  const grant = page.getByRole('button', { name: 'Grant access' });
  const proceed = page.getByRole('button', { name: 'Continue' });
  let granted = false;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (page.url().startsWith(home)) return;
    if (!granted && (await grant.isVisible())) {
      for (const box of await page.locator('input[type="checkbox"]').all()) await box.check();
      await grant.click();
      granted = true;
    } else if ((await proceed.isVisible()) && (await proceed.isEnabled())) {
      await proceed.click();
      await page.waitForURL((url) => url.href.startsWith(home), { timeout: 20_000 });
      return;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`Glewlwyd did not send the browser back to Percorso (last page ${page.url()})`);
}

async function expectDashboard(page: Page, firstName: string): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Ciao, ${firstName}`)).toBeVisible();
}

async function expectRefusal(page: Page, reason: RegExp | null): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Errore' })).toBeVisible();
  await expect(page.getByText('Si è verificato un errore durante il login. Riprova più tardi.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/');
  if (reason) await expect(page.getByTestId('callback-reason')).toHaveText(reason);
  else await expect(page.getByTestId('callback-reason')).toHaveCount(0);
  // Exactly one alert says it at once: the reason, or else the general text.
  await expect(page.getByRole('alert')).toHaveText(
    reason ?? 'Si è verificato un errore durante il login. Riprova più tardi.',
  );
  await expect(page).toHaveTitle('Errore · Percorso');
  await expect(page).not.toHaveURL(/code=/);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'percorso-glewlwyd-'));
  mkdirSync(join(dir, 'storage'));
  glewlwyd('start');
  oidcEnv = readEnv(join(dir, 'percorso.env'));
  await startPercorso('open');
  preCreate('anna.verdi@example.test', 'Anna', 'Verdi');
  preCreate('lucia.neri@example.test', 'Lucia', 'Neri');
});

test.afterAll(async () => {
  await percorso?.stop();
  if (dir) {
    try {
      glewlwyd('stop');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a user staff created signs in and is linked by the e-mail the provider verified', async ({ page }) => {
  await signInAtGlewlwyd(page, 'anna');
  await expectDashboard(page, 'Anna');
  expect(userRow('anna.verdi@example.test')?.oidc_subject).toBeTruthy();
  // No demo accounts next to a real provider.
  expect(userRow('admin@example.com')).toBeUndefined();
});

test('a newcomer gets a plain account on first sign-in under SIGN_UP=open, named from given_name and family_name', async ({
  page,
}) => {
  await signInAtGlewlwyd(page, 'nuova');
  await expectDashboard(page, 'Nuova');
  expect(userRow('nuova@example.test')).toMatchObject({ name: 'Nuova', surname: 'Persona' });
});

test('an e-mail the provider does not vouch for is refused, with the reason', async ({ page }) => {
  await signInAtGlewlwyd(page, 'lucia');
  await expectRefusal(page, /non conferma che il tuo indirizzo email sia verificato/);
  expect(userRow('lucia.neri@example.test')?.oidc_subject).toBeNull();
  expect(percorsoLog()).toMatch(/"signInRefused":"email_unverified"/);
});

test("a provider's error leads to the error screen, and the log has the provider's error", async ({ page }) => {
  // prompt=none without a session at the provider: Glewlwyd answers with an error, not a code.
  await page.route(new RegExp(`127\\.0\\.0\\.1:${GLEWLWYD_PORT}/api/oidc/auth`), (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('prompt') === 'none') return route.continue();
    url.searchParams.set('prompt', 'none');
    return route.continue({ url: url.href });
  });
  const callback = page.waitForURL(/\/auth\/callback\?/);
  await page.goto(`http://localhost:${PERCORSO_PORT}/`);
  await page.getByRole('button', { name: 'Accedi con Glewlwyd' }).click();
  await callback;
  const error = new URL(page.url()).searchParams.get('error');
  expect(error).toBeTruthy();
  await expectRefusal(page, error === 'access_denied' ? /negato/ : /non ha completato l'accesso/);
  await expect(page.getByText('Invalid request.')).toHaveCount(0);
  expect(percorsoLog()).toContain(`"provider_error":"${error}"`);
  // The request log never carries the callback's code or a token.
  expect(percorsoLog()).not.toMatch(/[?&]code=|id_token_hint=/);
});

test('logout ends the provider session too: the next sign-in asks for the password again', async ({ page }) => {
  await signInAtGlewlwyd(page, 'anna');
  await expectDashboard(page, 'Anna');
  await page
    .getByRole('button', { name: /Anna Verdi/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Percorso revoked its token and sent the browser to Glewlwyd's end_session, which asks once
  // more and closes its session (Glewlwyd 2.7 then shows its own page instead of coming back).
  await page.waitForURL(new RegExp(`127\\.0\\.0\\.1:${GLEWLWYD_PORT}/.*prompt=end_session`));
  await page
    .getByRole('button', { name: /Logout/ })
    .first()
    .click();
  await expect(page.getByText('You are disconnected')).toBeVisible();
  await page.goto(`http://localhost:${PERCORSO_PORT}/`);
  await expect(page.getByRole('button', { name: 'Accedi con Glewlwyd' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByRole('button', { name: 'Accedi con Glewlwyd' }).click();
  await page.waitForURL(new RegExp(`127\\.0\\.0\\.1:${GLEWLWYD_PORT}/login\\.html`));
  await expect(page.locator('#password')).toBeVisible();
});

test('a signing key changed from RS256 to ES256 needs no restart of Percorso', async ({ page, request }) => {
  glewlwyd('rotate', 'ES256');
  const discovery = await (await request.get(`${oidcEnv.OIDC_ISSUER}/.well-known/openid-configuration`)).json();
  expect(discovery.id_token_signing_alg_values_supported).toContain('ES256');
  expect(discovery.id_token_signing_alg_values_supported).not.toContain('RS256');
  // Percorso follows the provider's new discovery (algorithm and keys) once its cached one is older
  // than OIDC_DISCOVERY_CACHE_SECONDS; the previous test's sign-in start may have read it just now.
  await page.waitForTimeout(DISCOVERY_CACHE_SECONDS * 1000 + 200);
  await signInAtGlewlwyd(page, 'nuova');
  await expectDashboard(page, 'Nuova');
});

test('under SIGN_UP=invite a newcomer is refused and told why', async ({ page }) => {
  await startPercorso('invite');
  await signInAtGlewlwyd(page, 'mario');
  await expectRefusal(page, /chiedi al tuo referente di invitarti/);
  expect(userRow('mario.rossi@example.test')).toBeUndefined();
  expect(percorsoLog()).toMatch(/"signInRefused":"not_invited"/);
});

test('under SIGN_UP=invite the people staff created get in', async ({ page }) => {
  await signInAtGlewlwyd(page, 'anna');
  await expectDashboard(page, 'Anna');
});
