// Lighthouse mobile performance (its default: emulated phone, simulated slow 4G and CPU) on portal
// and back-office pages, signed in where the page needs it. Budgets: portal ≥ 95, back-office ≥ 80.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { benchDir, ensureBuild, freePort, startServer } from './server.mjs';
import { signIn } from './signIn.mjs';
import { printTable } from './table.mjs';

const PAGES = [
  { path: '/', as: null, budget: 95 },
  { path: '/dashboard', as: 'membro', budget: 95 },
  { path: '/courses', as: 'membro', budget: 95 },
  { path: '/admin', as: 'admin', budget: 80 },
];

const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Lighthouse opens its tab in the browser's default context, so the browser is launched with a
 * persistent profile (that profile is the default context) and signed in there first; the run keeps
 * the storage (disableStorageReset) so the token in localStorage is still there.
 */
async function scores(baseURL, account, pages, dir) {
  const port = await freePort();
  const profile = mkdtempSync(join(dir, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...args, `--remote-debugging-port=${port}`],
    baseURL,
  });
  try {
    if (account) await signIn(context, `${account}@example.com`);
    const results = [];
    for (const page of pages) {
      const run = await lighthouse(`${baseURL}${page.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const audits = run.lhr.audits;
      results.push({
        ...page,
        finalPath: new URL(run.lhr.finalDisplayedUrl).pathname,
        score: Math.round((run.lhr.categories.performance.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].displayValue,
        lcp: audits['largest-contentful-paint'].displayValue,
        tbt: audits['total-blocking-time'].displayValue,
      });
    }
    return results;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function lighthouseScores() {
  ensureBuild(process.argv.includes('--build'));
  const dir = join(benchDir, 'lighthouse');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const server = await startServer({
    port: await freePort(),
    databaseUrl: `sqlite:${join(dir, 'percorso.db')}`,
    storageDir: join(dir, 'storage'),
    logFile: join(dir, 'server.log'),
  });
  try {
    const rows = [];
    for (const account of [null, 'membro', 'admin']) {
      const pages = PAGES.filter((page) => page.as === account);
      for (const result of await scores(server.url, account, pages, dir)) {
        rows.push([
          result.path,
          result.as ?? 'visitor',
          result.finalPath !== result.path ? `→ ${result.finalPath}` : '',
          result.score,
          result.fcp,
          result.lcp,
          result.tbt,
          result.budget,
          result.score >= result.budget ? 'PASS' : 'UNDER',
        ]);
      }
    }
    printTable(['page', 'as', 'redirect', 'score', 'FCP', 'LCP', 'TBT', 'budget', 'status'], rows);
  } finally {
    await server.stop();
  }
}
