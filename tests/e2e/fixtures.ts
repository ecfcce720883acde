import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
/* eslint-disable no-empty-pattern -- Playwright fixtures declare "no dependencies" as `{}` */
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { SQLite, type SQLiteDatabase } from '../../server/src/db/sqlite-driver';
import { emailOf, type DemoAccount } from './support/accounts';
import { basePort, RUN_DIR_ENV, startServer, type RunningServer } from './support/server';
import { signIn } from './support/sign-in';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** An account: a demo account's short name ('membro') or any e-mail address. */
export type Account = DemoAccount | (string & {});

function emailFor(account: Account): string {
  return account.includes('@') ? account : emailOf(account as DemoAccount);
}

/** The browser state of `account` signed in, from the worker's first sign-in of it. */
export async function signedInState(
  browser: Browser,
  states: Map<string, StorageState>,
  account: Account,
): Promise<StorageState> {
  const email = emailFor(account);
  let state = states.get(email);
  if (!state) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email);
    state = await context.storageState();
    await context.close();
    states.set(email, state);
  }
  return state;
}

interface WorkerFixtures {
  /** This worker's own server, on its own port, with its own copy of the seeded database. */
  server: RunningServer;
  /** Read-only view of this worker's database, to derive expectations from the seed. */
  seedDb: SQLiteDatabase;
  /** Signed-in browser state (token in localStorage) per account, so a worker signs each in once. */
  signedInStates: Map<string, StorageState>;
}

interface TestFixtures {
  /** Signs `page` in through the real flow: login screen → development provider → /dashboard. */
  loginAs(page: Page, account: Account, password?: string): Promise<void>;
  /**
   * A page in a fresh context (browser.newContext()) already signed in as `account`, from the state
   * saved the first time this worker signed it in. Do not log out from it: logout revokes the
   * shared token; specs that log out use `loginAs`.
   */
  pageAs(account: Account, options?: BrowserContextOptions): Promise<Page>;
  /** A page in a fresh, signed-out context (browser.newContext()), e.g. for accessibility checks. */
  freshPage(options?: BrowserContextOptions): Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({}, use, workerInfo) => {
      const runDir = process.env[RUN_DIR_ENV];
      if (!runDir)
        throw new Error(`${RUN_DIR_ENV} is not set: run the suite through playwright.config.ts (global setup)`);
      const template = join(runDir, 'template');
      const dir = join(runDir, `worker-${workerInfo.parallelIndex}-${workerInfo.workerIndex}`);
      mkdirSync(dir, { recursive: true });
      const databasePath = join(dir, 'percorso.db');
      copyFileSync(join(template, 'percorso.db'), databasePath);
      const storageDir = join(dir, 'storage');
      if (existsSync(join(template, 'storage'))) cpSync(join(template, 'storage'), storageDir, { recursive: true });
      else mkdirSync(storageDir);
      const server = await startServer({
        // parallelIndex stays below the worker count, so ports stay in a small fixed range.
        port: basePort + workerInfo.parallelIndex,
        databasePath,
        storageDir,
        logFile: join(dir, 'server.log'),
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  seedDb: [
    async ({ server }, use) => {
      const db = new SQLite(server.databasePath, { readonly: true, fileMustExist: true });
      await use(db);
      db.close();
    },
    { scope: 'worker' },
  ],

  signedInStates: [
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  loginAs: async ({}, use) => {
    await use((page, account, password) => signIn(page, emailFor(account), password));
  },

  pageAs: async ({ browser, signedInStates }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account, options = {}) => {
      const context = await browser.newContext({
        ...options,
        storageState: await signedInState(browser, signedInStates, account),
      });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  freshPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
