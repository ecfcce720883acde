import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';
import { removeOrphanUploads } from '../../server/src/lib/images.js';
import { makeTeam } from './backoffice-fixtures.js';
import { COURSE_ADMIN, coverUpload, insertCourse, png } from './courses-fixtures.js';
import { databases, useTestApp } from './helpers.js';

/**
 * Uploaded images have exactly one file each: a replaced logo or cover leaves none behind, even
 * when many uploads race, and files a crash left behind go at the next start. A storage folder
 * the process cannot write is refused at start, and a write that fails at run time is a 503.
 */
describe.each(databases)('uploaded files (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const filesIn = (folder: string) => {
    const dir = join(ctx.config.storageDir, folder);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('20 concurrent logo uploads to one team leave one file: the logo the team shows', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const image = await png(200, 200);
    const responses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { payload, headers } = await coverUpload(image, 'logo.png', 'image/png', 'avatar');
        return ctx.app.inject({ method: 'POST', url: `/api/teams/${team}/avatar`, headers: { ...dev.headers, ...headers }, payload });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const row = await ctx.db.selectFrom('teams').select('avatar').where('id', '=', team).executeTakeFirstOrThrow();
    expect(filesIn('teams')).toEqual([row.avatar!.replace('/storage/teams/', '')]);
  });

  it('concurrent cover uploads leave one file per course', async () => {
    const admin = await ctx.user({}, COURSE_ADMIN);
    const course = await insertCourse(ctx.db);
    const before = new Set(filesIn('courses'));
    const image = await png();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { payload, headers } = await coverUpload(image);
        return ctx.app.inject({ method: 'POST', url: `/api/courses/${course}/cover`, headers: { ...admin.headers, ...headers }, payload });
      }),
    );
    const row = await ctx.db.selectFrom('courses').select('cover_url').where('id', '=', course).executeTakeFirstOrThrow();
    expect(filesIn('courses').filter((name) => !before.has(name))).toEqual([row.cover_url!.replace('/storage/courses/', '')]);
  });

  it('answers 503 when the upload cannot be written, and the team keeps its logo', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const blocked = join(ctx.config.storageDir, 'teams');
    rmSync(blocked, { recursive: true, force: true });
    writeFileSync(blocked, 'a file where the folder should be');
    try {
      const { payload, headers } = await coverUpload(await png(200, 200), 'logo.png', 'image/png', 'avatar');
      const res = await ctx.app.inject({ method: 'POST', url: `/api/teams/${team}/avatar`, headers: { ...dev.headers, ...headers }, payload });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toBe('Archivio dei file non disponibile: riprova tra qualche istante.');
      const row = await ctx.db.selectFrom('teams').select('avatar').where('id', '=', team).executeTakeFirstOrThrow();
      expect(row.avatar).toBeNull();
    } finally {
      rmSync(blocked, { force: true });
    }
  });

  it('removes at start the files no record points at, once they are older than an upload can take', async () => {
    const dir = join(ctx.config.storageDir, 'modules');
    mkdirSync(dir, { recursive: true });
    const old = join(dir, 'lasciato-da-un-crash.webp');
    const fresh = join(dir, 'in-caricamento.webp');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'x');
    const twoHoursAgo = (Date.now() - 2 * 3600 * 1000) / 1000;
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    const referenced = await ctx.app.repos.uploads.referencedPaths();
    const removed = await removeOrphanUploads(ctx.config.storageDir, referenced, Date.now());
    expect(removed).toEqual(['/storage/modules/lasciato-da-un-crash.webp']);
    expect(existsSync(fresh)).toBe(true);
  });
});

describe('a storage folder that cannot be written', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) chmodSync(folder, 0o755);
  });

  async function appWith(storageDir: string) {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-storage-check-'));
    const db = await createDb({ kind: 'sqlite', path: join(dir, 'test.db') });
    await migrateToLatest(db);
    const config = loadConfig({ PORT: '3999', DATABASE_URL: `sqlite:${join(dir, 'test.db')}`, STORAGE_DIR: storageDir, LOG_LEVEL: 'silent' });
    return { db, build: () => buildApp({ config, db }) };
  }

  it.skipIf(process.getuid?.() === 0)('is refused at start with a message that names it', async () => {
    const storage = mkdtempSync(join(tmpdir(), 'percorso-readonly-'));
    chmodSync(storage, 0o555);
    folders.push(storage);
    const { db, build } = await appWith(storage);
    await expect(build()).rejects.toThrow(`la cartella dei file caricati (STORAGE_DIR=${storage}) non è scrivibile`);
    await db.destroy();
  });

  it('is refused at start when it is a file, not a folder (also as root)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'percorso-notafolder-'));
    const storage = join(parent, 'storage');
    writeFileSync(storage, 'not a folder');
    const { db, build } = await appWith(storage);
    await expect(build()).rejects.toThrow('non è scrivibile');
    await db.destroy();
  });
});
