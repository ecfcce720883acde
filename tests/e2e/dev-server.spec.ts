import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { emailOf } from './support/accounts';
import { basePort, repoRoot, RUN_DIR_ENV } from './support/server';
import { signInFromLoginScreen } from './support/sign-in';

/**
 * `npm run dev` as a developer uses it: the API under tsx watch and Vite's development server in
 * front of it (scripts/dev.mjs), every dependency served as published. The portal and the
 * back-office must load there and the sign-in must come back to Vite's address. (The rest of the
 * suite runs against the production build, where the bundle's module swaps apply.)
 */
const API_PORT = basePort + 44;
const WEB_PORT = basePort + 45;
const WEB_URL = `http://localhost:${WEB_PORT}`;

test.describe.configure({ mode: 'serial' });

let dir = '';
let dev: ChildProcess | null = null;

function logTail(): string {
  try {
    return readFileSync(join(dir, 'dev.log'), 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no output)';
  }
}

async function waitForVite(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev?.exitCode !== null) throw new Error(`npm run dev exited (${dev?.exitCode}):\n${logTail()}`);
    const api = await fetch(`${WEB_URL}/api/config`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (api?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`npm run dev did not answer on ${WEB_URL} within ${timeoutMs / 1000} s:\n${logTail()}`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'percorso-dev-'));
  const template = join(process.env[RUN_DIR_ENV] ?? '', 'template');
  copyFileSync(join(template, 'percorso.db'), join(dir, 'percorso.db'));
  if (existsSync(join(template, 'storage')))
    cpSync(join(template, 'storage'), join(dir, 'storage'), { recursive: true });
  else mkdirSync(join(dir, 'storage'));
  const log = createWriteStream(join(dir, 'dev.log'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['PUBLIC_URL', 'OIDC_ISSUER', 'DIST_DIR', 'VITE_API_TARGET']) delete env[key];
  dev = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: repoRoot,
    // Its own process group, so that stopping it stops the API and Vite too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(API_PORT),
      VITE_PORT: String(WEB_PORT),
      DATABASE_URL: `sqlite:${join(dir, 'percorso.db')}`,
      STORAGE_DIR: join(dir, 'storage'),
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    },
  });
  dev.stdout!.pipe(log);
  dev.stderr!.pipe(log);
  await waitForVite(150_000);
});

test.afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Signs in on the development server; page errors (a module that fails to load) are collected. */
async function signInOnDevServer(page: Page, account: 'membro' | 'admin'): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // The first visit may have Vite discover and pre-bundle dependencies, then reload the page.
  await page.goto(WEB_URL + '/', { timeout: 90_000 });
  await expect(page.getByRole('heading', { name: 'Accedi con il tuo account' })).toBeVisible({ timeout: 60_000 });
  await signInFromLoginScreen(page, emailOf(account));
  await page.waitForURL(`${WEB_URL}/dashboard`, { timeout: 60_000 });
  return errors;
}

test('npm run dev: the portal loads from Vite, and the sign-in comes back to it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await signInOnDevServer(page, 'membro');
  await expect(page.getByText(/^Ciao,/)).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Videocorsi' })
    .click();
  await expect(page).toHaveURL(`${WEB_URL}/courses`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('npm run dev: the back-office loads from Vite', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await signInOnDevServer(page, 'admin');
  await page.goto(`${WEB_URL}/admin/teams`, { timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
