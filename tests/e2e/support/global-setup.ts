import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite } from '../../../server/src/db/sqlite-driver';
import { DEMO_ACCOUNTS } from './accounts';
import { basePort, repoRoot, RUN_DIR_ENV, startServer } from './server';

/** Builds the SPA only when no build exists: `npm run test:e2e` builds it fresh before Playwright starts. */
function ensureBuild(): void {
  if (existsSync(join(process.env.DIST_DIR || join(repoRoot, 'dist'), 'index.html'))) return;
  console.log('[e2e] dist/ is missing: building the front end once (vite build)');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed: the end-to-end tests need the built front end');
}

/**
 * Seeds the template database once, the way a fresh install does it: the real server migrates and
 * seeds on its first start. Workers then start from copies of it (tests/e2e/fixtures.ts).
 */
async function seedTemplate(runDir: string): Promise<void> {
  const template = join(runDir, 'template');
  mkdirSync(join(template, 'storage'), { recursive: true });
  const databasePath = join(template, 'percorso.db');
  const started = Date.now();
  const server = await startServer({
    port: basePort - 1,
    databasePath,
    storageDir: join(template, 'storage'),
    logFile: join(runDir, 'template-server.log'),
  });
  await server.stop();

  // Fold the write-ahead log into the main file so a plain copy is a complete database.
  const db = new SQLite(databasePath);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const found = db
      .prepare(`select email from users where email in (${emails.map(() => '?').join(',')})`)
      .all(...emails) as Array<{ email: string }>;
    const missing = emails.filter((email) => !found.some((row) => row.email === email));
    if (missing.length)
      throw new Error(`The first start did not seed the demo accounts: ${missing.join(', ')} missing`);
  } finally {
    db.close();
  }
  console.log(`[e2e] template database seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default async function globalSetup(): Promise<void> {
  ensureBuild();
  const runDir = mkdtempSync(join(tmpdir(), 'percorso-e2e-'));
  process.env[RUN_DIR_ENV] = runDir;
  await seedTemplate(runDir);
}
