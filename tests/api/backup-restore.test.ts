import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, readiness, type Db } from '../../server/src/db/index.js';
import { ilike } from '../../server/src/http/listing.js';

/**
 * `npm run db:backup` and `npm run db:restore`, run as commands, as docs/DEPLOYING.md says: a
 * backup taken while the database is open and written to, restored into an empty database that
 * then serves the same data (searches and uploaded images included).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const exec = promisify(execFile);

function npmScript(script: 'backup' | 'restore', databaseUrl: string, file: string) {
  return exec(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'src', 'cli', `${script}.ts`), file], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

/** Uploaded images are rows like any other: the backup carries them, bytes included. */
const LOGO = '/storage/teams/0123456789abcdef0123456789abcdef.webp';
const LOGO_BYTES = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x80, 0x57, 0x45, 0x42, 0x50]);

async function seed(db: Db): Promise<void> {
  await migrateToLatest(db);
  await db
    .insertInto('uploaded_images')
    .values({
      path: LOGO,
      content_type: 'image/webp',
      etag: '"logo"',
      data: LOGO_BYTES,
      created_at: '2026-01-02T03:04:05.000Z',
    })
    .execute();
  await db
    .insertInto('teams')
    .values([{ name: 'Università del Backup', avatar: LOGO }, { name: 'Perché salvare' }])
    .execute();
  await db
    .insertInto('users')
    .values({ name: 'Niccolò', surname: 'Ripristino', email: 'niccolo@example.test' })
    .execute();
}

async function expectSameData(db: Db): Promise<void> {
  expect(await readiness(db)).toBe('ready');
  const teams = await db.selectFrom('teams').select('name').orderBy('name').execute();
  expect(teams.map((t) => t.name)).toEqual(['Perché salvare', 'Università del Backup']);
  const logo = await db
    .selectFrom('uploaded_images')
    .select(['etag', 'data'])
    .where('path', '=', LOGO)
    .executeTakeFirstOrThrow();
  expect(logo.etag).toBe('"logo"');
  expect(Buffer.from(logo.data).equals(LOGO_BYTES)).toBe(true);
  const found = await db.selectFrom('teams').select('name').where(ilike('teams.name', 'universita')).execute();
  expect(found.map((t) => t.name)).toEqual(['Università del Backup']);
  const people = await db
    .selectFrom('users')
    .select('email')
    .where(ilike('users.full_name', 'niccolo ripristino'))
    .execute();
  expect(people.map((p) => p.email)).toEqual(['niccolo@example.test']);
}

describe('SQLite: online backup and restore', () => {
  it(
    'backs up an open database (WAL not yet checkpointed) and restores it into a new file',
    { timeout: 60000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'percorso-backup-'));
      const source = join(dir, 'live.db');
      const live = await createDb({ kind: 'sqlite', path: source });
      try {
        await seed(live);
        expect(existsSync(`${source}-wal`)).toBe(true);
        const file = join(dir, 'backups', 'percorso.sqlite');
        const { stdout } = await npmScript('backup', `sqlite:${source}`, file);
        expect(stdout).toContain('Backup scritto');
        // Written after the backup: not in it.
        await live.insertInto('teams').values({ name: 'Dopo il backup' }).execute();

        const target = join(dir, 'restored.db');
        expect((await npmScript('restore', `sqlite:${target}`, file)).stdout).toContain('Database ripristinato');
        const restored = await createDb({ kind: 'sqlite', path: target });
        try {
          await expectSameData(restored);
          await migrateToLatest(restored);
        } finally {
          await restored.destroy();
        }
      } finally {
        await live.destroy();
      }
    },
  );

  it('refuses a file that is not a database, with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-backup-'));
    const error = await npmScript('restore', `sqlite:${join(dir, 'x.db')}`, join(dir, 'missing.sqlite')).catch(
      (e: { stderr: string }) => e,
    );
    expect((error as { stderr: string }).stderr).toMatch(/Ripristino non riuscito: Il file di backup .* non esiste/);
  });
});

const BASE = process.env.TEST_DATABASE_URL;

describe.skipIf(!BASE)('PostgreSQL: pg_dump and pg_restore', () => {
  const suffix = randomBytes(4).toString('hex');
  const source = `percorso_db_bk_${suffix}`;
  const target = `percorso_db_rs_${suffix}`;
  const urlOf = (name: string) => {
    const url = new URL(BASE!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  afterAll(async () => {
    const admin = await createDb({ kind: 'postgres', url: BASE! });
    for (const name of [source, target]) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await admin.destroy();
  });

  it('dumps a database and restores it into an empty one', { timeout: 60000 }, async () => {
    const admin = await createDb({ kind: 'postgres', url: BASE! });
    for (const name of [source, target]) await sql`create database ${sql.id(name)}`.execute(admin);
    await admin.destroy();

    const live = await createDb({ kind: 'postgres', url: urlOf(source) });
    const file = join(mkdtempSync(join(tmpdir(), 'percorso-pgdump-')), 'percorso.dump');
    try {
      await seed(live);
      expect((await npmScript('backup', urlOf(source), file)).stdout).toContain('Backup scritto');
      await live.insertInto('teams').values({ name: 'Dopo il backup' }).execute();
    } finally {
      await live.destroy();
    }

    expect((await npmScript('restore', urlOf(target), file)).stdout).toContain('Database ripristinato');
    const restored = await createDb({ kind: 'postgres', url: urlOf(target) });
    try {
      await expectSameData(restored);
      await migrateToLatest(restored);
    } finally {
      await restored.destroy();
    }
  });
});
