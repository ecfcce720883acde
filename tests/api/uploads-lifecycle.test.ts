import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';
import { makeTeam } from './backoffice-fixtures.js';
import { COURSE_ADMIN, coverUpload, imageStatus, insertCourse, png } from './courses-fixtures.js';
import { databases, grant, useTestApp, type TestContext } from './helpers.js';

/**
 * Uploaded images live in the database: served with a strong ETag and cached for good, one
 * stored image per record (a replaced or deleted one goes with the change, even when many uploads
 * race), images no record points at swept at start, and the files of an older install imported.
 */
describe.each(databases)('uploaded images (%s)', (kind) => {
  const ctx = useTestApp(kind);

  async function uploadLogo(team: number, headers: Record<string, string>, image?: Buffer) {
    const { payload, headers: form } = await coverUpload(
      image ?? (await png(200, 200)),
      'logo.png',
      'image/png',
      'avatar',
    );
    return ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/avatar`,
      headers: { ...headers, ...form },
      payload,
    });
  }

  const storedPaths = async (folder: string) =>
    (
      await ctx.db.selectFrom('uploaded_images').select('path').where('path', 'like', `/storage/${folder}/%`).execute()
    ).map((row) => row.path);

  /** A second app on the same database and STORAGE_DIR, started (its onReady hooks run) and closed. */
  async function restart(context: TestContext): Promise<void> {
    const app = await buildApp({ config: context.config, db: context.db });
    await app.ready();
    await app.close();
  }

  it('serves an upload with its type, a strong ETag, a year of immutable caching, and 304 when the ETag matches', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const upload = await uploadLogo(team, dev.headers);
    expect(upload.statusCode).toBe(200);
    const path: string = upload.json().data.avatar;
    expect(path).toMatch(/^\/storage\/teams\/[0-9a-f]{32}\.webp$/);

    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${createHash('sha256').update(res.rawPayload).digest('base64url')}"`);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"altro", ${etag}`, '*']) {
      const cached = await ctx.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': ifNoneMatch } });
      expect(cached.statusCode, ifNoneMatch).toBe(304);
      expect(cached.rawPayload.length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
      expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const stale = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': '"un-altro-contenuto"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(res.rawPayload)).toBe(true);

    // The same picture uploaded again gets a new path: what a path serves never changes.
    const again = await uploadLogo(team, dev.headers, await png(200, 200));
    expect(again.json().data.avatar).not.toBe(path);
  });

  it('answers an unknown image with a JSON 404 in Italian', async () => {
    const odd = [
      '/storage/teams/a%00b.webp',
      `/storage/teams/${'a'.repeat(5000)}.webp`,
      '/storage/teams/a/b.webp',
      '/storage/modules/',
      '/storage/courses/..%2f..%2fetc%2fpasswd',
    ];
    for (const url of [
      '/storage/teams/00000000000000000000000000000000.webp',
      '/storage/courses/nessuna.webp',
      '/storage/modules/x',
      ...odd,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Immagine non trovata.' });
    }
  });

  it('removes the replaced logo with the change, and the current one with the team', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const first: string = (await uploadLogo(team, dev.headers)).json().data.avatar;
    const second: string = (await uploadLogo(team, dev.headers)).json().data.avatar;
    expect(await imageStatus(ctx.app, first)).toBe(404);
    expect(await imageStatus(ctx.app, second)).toBe(200);
    expect((await storedPaths('teams')).filter((path) => path === first || path === second)).toEqual([second]);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${team}`, headers: dev.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await imageStatus(ctx.app, second)).toBe(404);
    expect(await storedPaths('teams')).not.toContain(second);
  });

  it('20 concurrent logo uploads to one team leave one stored image: the logo the team shows', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const before = new Set(await storedPaths('teams'));
    const image = await png(200, 200);
    const responses = await Promise.all(Array.from({ length: 20 }, () => uploadLogo(team, dev.headers, image)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const row = await ctx.db.selectFrom('teams').select('avatar').where('id', '=', team).executeTakeFirstOrThrow();
    expect((await storedPaths('teams')).filter((path) => !before.has(path))).toEqual([row.avatar]);
  });

  it('concurrent cover uploads leave one stored image per course', async () => {
    const admin = await ctx.user({}, COURSE_ADMIN);
    const course = await insertCourse(ctx.db);
    const before = new Set(await storedPaths('courses'));
    const image = await png();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { payload, headers } = await coverUpload(image);
        return ctx.app.inject({
          method: 'POST',
          url: `/api/courses/${course}/cover`,
          headers: { ...admin.headers, ...headers },
          payload,
        });
      }),
    );
    const row = await ctx.db
      .selectFrom('courses')
      .select('cover_url')
      .where('id', '=', course)
      .executeTakeFirstOrThrow();
    expect((await storedPaths('courses')).filter((path) => !before.has(path))).toEqual([row.cover_url]);
  });

  it('removes at start the images no record points at, once they are older than the grace period', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const kept: string = (await uploadLogo(team, dev.headers)).json().data.avatar;
    const data = await png(10, 10);
    const image = (path: string, hoursAgo: number) => ({
      path,
      content_type: 'image/webp',
      etag: '"x"',
      data,
      created_at: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
    });
    await ctx.db
      .insertInto('uploaded_images')
      .values([
        image('/storage/modules/lasciata-da-un-ripristino.webp', 2),
        image('/storage/modules/appena-arrivata.webp', 0),
      ])
      .execute();
    // Referenced, and old: kept.
    await ctx.db
      .updateTable('uploaded_images')
      .set({ created_at: new Date(Date.now() - 5 * 3600_000).toISOString() })
      .where('path', '=', kept)
      .execute();

    await restart(ctx);
    expect(await imageStatus(ctx.app, '/storage/modules/lasciata-da-un-ripristino.webp')).toBe(404);
    expect(await imageStatus(ctx.app, '/storage/modules/appena-arrivata.webp')).toBe(200);
    expect(await imageStatus(ctx.app, kept)).toBe(200);
  });

  it('imports at start the image files of an older install that records point at, and serves them from the database', async () => {
    const folder = join(ctx.config.storageDir, 'courses');
    mkdirSync(folder, { recursive: true });
    const old = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#0a6' } })
      .webp()
      .toBuffer();
    writeFileSync(join(folder, 'copertina-esistente.webp'), old);
    writeFileSync(join(folder, 'non-collegata.webp'), old);
    const course = await insertCourse(ctx.db, { cover_url: '/storage/courses/copertina-esistente.webp' });
    const lost = await insertCourse(ctx.db, { cover_url: '/storage/courses/perduta.webp' });

    await restart(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/storage/courses/copertina-esistente.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(old)).toBe(true);
    expect(res.headers.etag).toBe(`"${createHash('sha256').update(old).digest('base64url')}"`);
    // The file is not needed any more: the database serves it.
    rmSync(join(folder, 'copertina-esistente.webp'));
    expect(await imageStatus(ctx.app, '/storage/courses/copertina-esistente.webp')).toBe(200);
    // Not pointed at by any record: neither imported nor served from disk.
    expect(await imageStatus(ctx.app, '/storage/courses/non-collegata.webp')).toBe(404);
    expect(await imageStatus(ctx.app, '/storage/courses/perduta.webp')).toBe(404);

    // Replacing the imported cover removes it like any other.
    const admin = await ctx.user({}, COURSE_ADMIN);
    const { payload, headers } = await coverUpload(await png());
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/courses/${course}/cover`,
          headers: { ...admin.headers, ...headers },
          payload,
        })
      ).statusCode,
    ).toBe(200);
    expect(await storedPaths('courses')).not.toContain('/storage/courses/copertina-esistente.webp');
    await ctx.db.deleteFrom('courses').where('id', '=', lost).execute();
  });

  it('keeps storing uploads when the STORAGE_DIR folder of an image kind is broken: images do not go there', async () => {
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const blocked = join(ctx.config.storageDir, 'teams');
    rmSync(blocked, { recursive: true, force: true });
    writeFileSync(blocked, 'a file where the folder used to be');
    try {
      const res = await uploadLogo(team, dev.headers);
      expect(res.statusCode).toBe(200);
      expect(await imageStatus(ctx.app, res.json().data.avatar)).toBe(200);
    } finally {
      rmSync(blocked, { force: true });
    }
  });
});

describe('the STORAGE_DIR check at start', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) chmodSync(folder, 0o755);
  });

  async function appWith(storageDir: string, env: Record<string, string> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-storage-check-'));
    const db = await createDb({ kind: 'sqlite', path: join(dir, 'test.db') });
    await migrateToLatest(db);
    const config = loadConfig({
      PORT: '3999',
      DATABASE_URL: `sqlite:${join(dir, 'test.db')}`,
      STORAGE_DIR: storageDir,
      LOG_LEVEL: 'silent',
      ...env,
    });
    return { db, build: () => buildApp({ config, db }) };
  }

  /** A folder this process cannot write into: /proc for root (which chmod does not stop). */
  function readOnlyFolder(): string {
    if (process.getuid?.() === 0) return '/proc';
    const storage = mkdtempSync(join(tmpdir(), 'percorso-readonly-'));
    chmodSync(storage, 0o555);
    folders.push(storage);
    return storage;
  }

  it('refuses a folder it cannot write while it must keep the calendar feed key there', async () => {
    const storage = readOnlyFolder();
    const { db, build } = await appWith(storage);
    await expect(build()).rejects.toThrow(
      `la cartella STORAGE_DIR=${storage} non è scrivibile (serve per la chiave dei feed del calendario`,
    );
    await db.destroy();
  });

  it('accepts a read-only folder when CALENDAR_FEED_KEY is set, and stores uploads in the database', async () => {
    const storage = readOnlyFolder();
    const { db, build } = await appWith(storage, { CALENDAR_FEED_KEY: 'k'.repeat(40) });
    const app = await build();
    try {
      await app.ready();
      const team = await makeTeam(db);
      const user = await db
        .insertInto('users')
        .values({ name: 'Ada', surname: 'Sola', email: 'ada.sola@example.test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await grant(db, user.id, ['developer']);
      const token = await issueToken(db, user.id, 3600);
      const { payload, headers } = await coverUpload(await png(50, 50), 'logo.png', 'image/png', 'avatar');
      const res = await app.inject({
        method: 'POST',
        url: `/api/teams/${team}/avatar`,
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(await imageStatus(app, res.json().data.avatar)).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('refuses a file where the folder should be (also as root, and with CALENDAR_FEED_KEY set)', async () => {
    for (const env of [{}, { CALENDAR_FEED_KEY: 'k'.repeat(40) }] as Array<Record<string, string>>) {
      const parent = mkdtempSync(join(tmpdir(), 'percorso-notafolder-'));
      const storage = join(parent, 'storage');
      writeFileSync(storage, 'not a folder');
      const { db, build } = await appWith(storage, env);
      await expect(build()).rejects.toThrow(`la cartella STORAGE_DIR=${storage} non`);
      await db.destroy();
    }
  });
});
