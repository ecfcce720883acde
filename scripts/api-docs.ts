import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createDb, migrateToLatest } from '../server/src/db/index.js';
import { buildApp } from '../server/src/app.js';
import { renderApiPermissions, type ReferenceDocument } from './api-docs/render.js';

/**
 * `npm run docs:api`: writes docs/API-PERMISSIONS.md from the API reference of an app built here
 * (on a scratch SQLite database: which routes exist does not depend on the database).
 */
const dir = mkdtempSync(join(tmpdir(), 'percorso-api-docs-'));
const db = await createDb({ kind: 'sqlite', path: join(dir, 'scratch.db') });
try {
  await migrateToLatest(db);
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'scratch.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db });
  await app.ready();
  const document = app.swagger() as unknown as ReferenceDocument;
  const target = new URL('../docs/API-PERMISSIONS.md', import.meta.url);
  writeFileSync(target, renderApiPermissions(document));
  await app.close();
  console.log('wrote docs/API-PERMISSIONS.md');
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
