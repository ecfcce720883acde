import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { COURSE_ADMIN, insertCourse, insertLesson, insertModule, markCompleted } from './courses-fixtures.js';
import { isAcceptedVideoUrl } from '../../server/src/modules/lessons/routes.js';
import { DEMO_VIDEOS_DIR } from '../../server/src/plugins/storage.js';

const BAD_VIDEO_URL =
  'Il campo URL del video deve essere un URL valido (un indirizzo https:// senza credenziali, oppure un percorso /storage/).';

describe('isAcceptedVideoUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/76979871',
    'https://cdn.example.com/video/intro.mp4',
    '/storage/videos/demo-1.mp4',
  ])('accepts %s', (url) => expect(isAcceptedVideoUrl(url)).toBe(true));

  it.each([
    'youtube.com/watch?v=1',
    'ftp://example.com/a.mp4',
    'javascript:alert(1)',
    '/etc/passwd',
    '/storage/../config.json',
    'https://exa mple.com/a.mp4',
    'http://cdn.example.com/video/intro.mp4',
    'https://user:secret@cdn.example.com/video/intro.mp4',
    'https://token@cdn.example.com/video/intro.mp4',
    'video',
  ])('refuses %s', (url) => expect(isAcceptedVideoUrl(url)).toBe(false));
});

describe.each(databases)('lessons API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const learner = () => ctx.user({ mooc_access: 1 });
  const admin = () => ctx.user({}, COURSE_ADMIN);

  async function tree(published = true) {
    const courseId = await insertCourse(ctx.db, { published });
    const moduleId = await insertModule(ctx.db, courseId);
    return { courseId, moduleId, base: `/api/courses/${courseId}/modules/${moduleId}/lessons` };
  }

  const valid = {
    position: 1,
    name: 'Benvenuto',
    video_url: 'https://vimeo.com/76979871',
    description: 'Introduzione al corso',
    video_length: 95,
  };

  describe('reading', () => {
    it("lists by position with filter[name] and the caller's completion and progress", async () => {
      const { moduleId, base } = await tree();
      const second = await insertLesson(ctx.db, moduleId, { name: 'Business plan', position: 2 });
      const first = await insertLesson(ctx.db, moduleId, { name: 'Il tuo business', position: 1 });
      const third = await insertLesson(ctx.db, moduleId, { name: 'Pitch', position: 3, video_length: null });
      const me = await learner();
      await markCompleted(ctx.db, me.id, second);

      const res = await ctx.app.inject({ method: 'GET', url: `${base}?sort=position`, headers: me.headers });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.map((l: { id: number }) => l.id)).toEqual([first, second, third]);
      expect(data[0]).toEqual({
        id: first,
        module_id: moduleId,
        position: 1,
        name: 'Il tuo business',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        playback_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        description: null,
        completed: false,
        progress: 0,
        watched_seconds: 0,
        video_length: 60,
        required_ratio: 0.9,
      });
      expect(data[1]).toMatchObject({ completed: true, progress: 60, watched_seconds: 60 });
      expect(data[2].video_length).toBeNull();

      const filtered = await ctx.app.inject({
        method: 'GET',
        url: `${base}?filter[name]=business`,
        headers: me.headers,
      });
      expect(filtered.json().data.map((l: { id: number }) => l.id)).toEqual([first, second]);

      const one = await ctx.app.inject({ method: 'GET', url: `${base}/${second}`, headers: me.headers });
      expect(one.json().data).toMatchObject({ id: second, completed: true });
      const fresh = await ctx.app.inject({
        method: 'GET',
        url: `${base}/${second}`,
        headers: (await learner()).headers,
      });
      expect(fresh.json().data).toMatchObject({ completed: false, progress: 0 });
    });

    it('refuses guests and unpublished courses for learners; 404 across modules', async () => {
      const draft = await tree(false);
      const draftLesson = await insertLesson(ctx.db, draft.moduleId);
      const live = await tree();
      const me = await learner();
      expect((await ctx.app.inject({ method: 'GET', url: live.base })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url: live.base, headers: (await ctx.user()).headers })).statusCode,
      ).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: draft.base, headers: me.headers })).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${draft.base}/${draftLesson}`, headers: me.headers })).statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${live.base}/${draftLesson}`, headers: me.headers })).statusCode,
      ).toBe(404);
      const reader = await ctx.user({}, ['read_courses']);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${draft.base}/${draftLesson}`, headers: reader.headers }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('site videos under /storage/', () => {
    const MEDIA_REFUSED = 'Il link al video non è valido o è scaduto: riapri la lezione.';
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });

    async function storedLesson() {
      const { base, moduleId } = await tree();
      const id = await insertLesson(ctx.db, moduleId, { video_url: '/storage/videos/benvenuti.mp4', video_length: 16 });
      return { url: `${base}/${id}`, base };
    }

    it('serves a lesson video only at the signed address the lesson answer gives whoever may watch it', async () => {
      const { url, base } = await storedLesson();
      const me = await learner();
      const lesson = (await ctx.app.inject({ method: 'GET', url, headers: me.headers })).json().data;
      expect(lesson.video_url).toBe('/storage/videos/benvenuti.mp4');
      expect(lesson.playback_url).toMatch(/^\/storage\/videos\/benvenuti\.mp4\?expires=\d+&signature=[\w-]{43}$/);
      const listed = (await ctx.app.inject({ method: 'GET', url: base, headers: me.headers })).json().data;
      expect(listed[0].playback_url).toBe(lesson.playback_url);

      const video = await get(lesson.playback_url);
      expect(video.statusCode).toBe(206);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.headers['cache-control']).toBe('private, max-age=3600');
      expect(video.rawPayload.length).toBe(100);

      // Without the signature, with another one, or for another file: refused, in Italian.
      const signed = new URL(lesson.playback_url, 'http://x');
      const signature = signed.searchParams.get('signature')!;
      const expires = signed.searchParams.get('expires')!;
      for (const other of [
        '/storage/videos/benvenuti.mp4',
        `/storage/videos/benvenuti.mp4?expires=${expires}`,
        `/storage/videos/benvenuti.mp4?expires=${Number(expires) + 3600}&signature=${signature}`,
        `/storage/videos/benvenuti.mp4?expires=${expires}&signature=${signature.slice(1)}A`,
        `/storage/videos/pitch-investitori.mp4?expires=${expires}&signature=${signature}`,
      ]) {
        const res = await get(other);
        expect(res.statusCode, other).toBe(403);
        expect(res.json().message, other).toBe(MEDIA_REFUSED);
      }
      // Whoever may not read the course gets no lesson, so no address.
      expect((await ctx.app.inject({ method: 'GET', url, headers: (await ctx.user()).headers })).statusCode).toBe(403);
    });

    it('lets a signed address lapse after a few hours; the lesson then gives a new one', async () => {
      const { url } = await storedLesson();
      const me = await learner();
      const answer = await ctx.app.inject({ method: 'GET', url, headers: me.headers });
      expect(answer.statusCode, answer.body).toBe(200);
      const first = answer.json().data.playback_url;
      // The same address for a while (the player keeps one source), valid for at least three hours.
      expect((await ctx.app.inject({ method: 'GET', url, headers: me.headers })).json().data.playback_url).toBe(first);
      const start = Date.now();
      ctx.app.now = () => start + 3 * 3600_000 - 60_000;
      expect((await get(first)).statusCode).toBe(206);
      ctx.app.now = () => start + 4 * 3600_000 + 1000;
      try {
        expect((await get(first)).statusCode).toBe(403);
        // (A new sign-in: test tokens last an hour of the app's clock.)
        const later = await learner();
        const renewed = (await ctx.app.inject({ method: 'GET', url, headers: later.headers })).json().data.playback_url;
        expect(renewed).not.toBe(first);
        expect((await get(renewed)).statusCode).toBe(206);
      } finally {
        ctx.app.now = () => Date.now();
      }
    });

    it('serves only audio and video files: the README and the script beside the demo videos are not', async () => {
      for (const path of [
        '/storage/videos/README.md',
        '/storage/videos/generate.sh',
        '/storage/videos/README.md?expires=9999999999&signature=x',
      ]) {
        expect((await get(path)).statusCode, path).toBe(404);
      }
      mkdirSync(join(ctx.config.storageDir, 'lezioni'), { recursive: true });
      writeFileSync(join(ctx.config.storageDir, 'lezioni', 'note.txt'), 'appunti');
      expect((await get('/storage/lezioni/note.txt')).statusCode).toBe(404);
      // Nor can a lesson point at one.
      const { base } = await tree();
      const res = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: (await admin()).headers,
        payload: { ...valid, video_url: '/storage/videos/README.md' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.video_url).toEqual([
        'Il file del video non esiste o non è leggibile: impossibile ricavarne la durata.',
      ]);
    });
  });

  describe('POST', () => {
    it('needs create_lessons', async () => {
      const { base } = await tree();
      const res = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: (await ctx.user({ mooc_access: 1 }, ['read_courses', 'update_lesosns', 'create_modules'])).headers,
        payload: valid,
      });
      expect(res.statusCode).toBe(403);
    });

    it('creates lessons with YouTube, Vimeo, file and /storage/ addresses', async () => {
      const { moduleId, base } = await tree();
      const me = await admin();
      const created = await ctx.app.inject({ method: 'POST', url: base, headers: me.headers, payload: valid });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({
        ...valid,
        module_id: moduleId,
        completed: false,
        progress: 0,
        video_length: 95,
      });
      for (const [index, video_url] of [
        'https://youtu.be/dQw4w9WgXcQ',
        'https://cdn.example.com/a.mp4',
        '/storage/videos/benvenuti.mp4',
      ].entries()) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: base,
          headers: me.headers,
          payload: { ...valid, position: valid.position + 1 + index, video_url, description: null },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json().data.video_url).toBe(video_url);
      }
    });

    it('refuses a taken position on create and edit, naming the lesson there, and takes a free one', async () => {
      const { base } = await tree();
      const { headers } = await admin();
      const first = await ctx.app.inject({ method: 'POST', url: base, headers, payload: valid });
      expect(first.statusCode).toBe(201);
      const taken = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers,
        payload: { ...valid, name: 'Doppione' },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({
        position: ["La posizione 1 è già occupata dalla lezione «Benvenuto»: scegline un'altra."],
      });
      const second = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers,
        payload: { ...valid, position: 2, name: 'Seconda' },
      });
      expect(second.statusCode).toBe(201);
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/${second.json().data.id}`,
        headers,
        payload: { ...valid, name: 'Seconda' },
      });
      expect(moved.statusCode).toBe(422);
      expect(moved.json().errors.position).toEqual([
        "La posizione 1 è già occupata dalla lezione «Benvenuto»: scegline un'altra.",
      ]);
      // Its own place is not taken by itself.
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `${base}/${second.json().data.id}`,
            headers,
            payload: { ...valid, position: 2, name: 'Seconda, rivista' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('gives the same answer when the place is taken between the check and the save', async () => {
      const { base } = await tree();
      const { headers } = await admin();
      expect((await ctx.app.inject({ method: 'POST', url: base, headers, payload: valid })).statusCode).toBe(201);
      const second = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers,
        payload: { ...valid, position: 2, name: 'Seconda' },
      });
      // Another save took place 1 just after this request's check: the check saw it free.
      const check = vi.spyOn(ctx.app.repos.lessons, 'atPosition');
      try {
        for (const [method, url] of [
          ['POST', base],
          ['PUT', `${base}/${second.json().data.id}`],
        ] as const) {
          check.mockResolvedValueOnce(undefined);
          const res = await ctx.app.inject({ method, url, headers, payload: { ...valid, name: 'Doppione' } });
          expect(res.statusCode, method).toBe(422);
          expect(res.json().errors, method).toEqual({
            position: ["La posizione 1 è già occupata dalla lezione «Benvenuto»: scegline un'altra."],
          });
        }
      } finally {
        check.mockRestore();
      }
      const names = (await ctx.app.inject({ method: 'GET', url: base, headers }))
        .json()
        .data.map((l: { position: number; name: string }) => `${l.position}. ${l.name}`);
      expect(names).toEqual(['1. Benvenuto', '2. Seconda']);
    });

    it("takes a /storage/ video's length from the file itself, whatever the form says", async () => {
      const { base } = await tree();
      const me = await admin();
      const res = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: me.headers,
        payload: { ...valid, video_url: '/storage/videos/benvenuti.mp4', video_length: 1 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.video_length).toBeCloseTo(16.05, 1);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: me.headers,
        payload: { ...valid, video_url: '/storage/videos/non-esiste.mp4' },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.video_url).toEqual([
        'Il file del video non esiste o non è leggibile: impossibile ricavarne la durata.',
      ]);
    });

    it("reads STORAGE_DIR videos too, but not from the uploaded images' folders, which are not served from disk", async () => {
      const { base } = await tree();
      const me = await admin();
      for (const folder of ['lezioni', 'courses']) {
        mkdirSync(join(ctx.config.storageDir, folder), { recursive: true });
        copyFileSync(join(DEMO_VIDEOS_DIR, 'benvenuti.mp4'), join(ctx.config.storageDir, folder, 'intro.mp4'));
      }
      const own = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: me.headers,
        payload: { ...valid, video_url: '/storage/lezioni/intro.mp4' },
      });
      expect(own.statusCode).toBe(201);
      expect(own.json().data.video_length).toBeCloseTo(16.05, 1);
      const playback = own.json().data.playback_url as string;
      expect(playback).toMatch(/^\/storage\/lezioni\/intro\.mp4\?expires=\d+&signature=[\w-]+$/);
      expect((await ctx.app.inject({ method: 'GET', url: playback, headers: { range: 'bytes=0-9' } })).statusCode).toBe(
        206,
      );
      const images = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: me.headers,
        payload: { ...valid, video_url: '/storage/courses/intro.mp4' },
      });
      expect(images.statusCode).toBe(422);
      expect(images.json().errors.video_url).toEqual([
        'Il file del video non esiste o non è leggibile: impossibile ricavarne la durata.',
      ]);
    });

    it('needs the length of an external video from the form', async () => {
      const { base } = await tree();
      const me = await admin();
      for (const video_length of [undefined, null, '']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: base,
          headers: me.headers,
          payload: { ...valid, video_length },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({
          video_length: ['Per un video esterno indica la durata del video in secondi.'],
        });
      }
      const absurd = await ctx.app.inject({
        method: 'POST',
        url: base,
        headers: me.headers,
        payload: { ...valid, video_length: 100_000 },
      });
      expect(absurd.statusCode).toBe(422);
      expect(absurd.json().errors.video_length).toHaveLength(1);
    });

    it.each([
      ['position', { ...valid, position: undefined }, 'Il campo posizione è obbligatorio.'],
      ['position', { ...valid, position: 'uno' }, 'Il campo posizione deve essere un numero intero.'],
      ['position', { ...valid, position: 1.5 }, 'Il campo posizione deve essere un numero intero.'],
      ['position', { ...valid, position: '' }, 'Il campo posizione è obbligatorio.'],
      ['position', { ...valid, position: -3 }, 'Il campo posizione deve essere almeno 1.'],
      ['name', { ...valid, name: undefined }, 'Il campo nome è obbligatorio.'],
      ['name', { ...valid, name: '' }, 'Il campo nome è obbligatorio.'],
      ['video_url', { ...valid, video_url: undefined }, 'Il campo URL del video è obbligatorio.'],
      ['video_url', { ...valid, video_url: '' }, 'Il campo URL del video è obbligatorio.'],
      ['video_url', { ...valid, video_url: 'non è un indirizzo' }, BAD_VIDEO_URL],
      ['video_url', { ...valid, video_url: 'javascript:alert(1)' }, BAD_VIDEO_URL],
    ])('answers 422 with errors.%s in Italian', async (field, payload, message) => {
      const { base } = await tree();
      const res = await ctx.app.inject({ method: 'POST', url: base, headers: (await admin()).headers, payload });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(res.json().errors[field]).toEqual([message]);
    });

    it('answers 404 for a module of another course', async () => {
      const a = await tree();
      const b = await tree();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${a.courseId}/modules/${b.moduleId}/lessons`,
        headers: (await admin()).headers,
        payload: valid,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('PUT', () => {
    it('needs update_lesosns; the length is the one the form gives', async () => {
      const { moduleId, base } = await tree();
      const lessonId = await insertLesson(ctx.db, moduleId, { video_length: 60 });
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/${lessonId}`,
        headers: (await ctx.user({}, ['create_lessons', 'update_courses'])).headers,
        payload: valid,
      });
      expect(refused.statusCode).toBe(403);
      const me = await admin();
      const sameVideo = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/${lessonId}`,
        headers: me.headers,
        payload: {
          ...valid,
          video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          name: 'Rinominata',
          video_length: 60,
        },
      });
      expect(sameVideo.statusCode).toBe(200);
      expect(sameVideo.json().data).toMatchObject({ name: 'Rinominata', video_length: 60 });
      const newVideo = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/${lessonId}`,
        headers: me.headers,
        payload: valid,
      });
      expect(newVideo.json().data).toMatchObject({ ...valid, video_length: 95 });
      const invalid = await ctx.app.inject({
        method: 'PUT',
        url: `${base}/${lessonId}`,
        headers: me.headers,
        payload: { ...valid, video_url: 'www.example.com' },
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors.video_url).toHaveLength(1);
    });
  });

  describe('POST .../move', () => {
    const order = async (base: string) =>
      (await ctx.app.inject({ method: 'GET', url: base, headers: (await admin()).headers }))
        .json()
        .data.map((l: { position: number; name: string }) => `${l.position}. ${l.name}`);
    const move = async (base: string, lessonId: number, direction: string, headers?: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `${base}/${lessonId}/move`,
        headers: headers ?? (await admin()).headers,
        payload: { direction },
      });

    it('swaps the lesson with its nearest neighbour across a gap, both changes audited', async () => {
      const { moduleId, base } = await tree();
      const intro = await insertLesson(ctx.db, moduleId, { name: 'Benvenuto', position: 2 });
      const next = await insertLesson(ctx.db, moduleId, { name: 'Il problema', position: 7 });
      await insertLesson(ctx.db, moduleId, { name: 'Le prove', position: 8 });
      const me = await admin();
      const res = await move(base, next, 'earlier', me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({ id: next, module_id: moduleId, name: 'Il problema', position: 2, completed: false }),
        expect.objectContaining({ id: intro, name: 'Benvenuto', position: 7 }),
      ]);
      expect(await order(base)).toEqual(['2. Il problema', '7. Benvenuto', '8. Le prove']);
      const log = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', 'lesson')
        .where('entity_id', 'in', [intro, next])
        .orderBy('id')
        .execute();
      expect(log.map((row) => [row.actor_id, row.action, row.entity_id, JSON.parse(row.changes)])).toEqual([
        [me.id, 'update', next, { position: [7, 2] }],
        [me.id, 'update', intro, { position: [2, 7] }],
      ]);
      const positions = (
        await ctx.db.selectFrom('lessons').select('position').where('module_id', '=', moduleId).execute()
      ).map((row) => row.position);
      expect(new Set(positions).size).toBe(3);
    });

    it('refuses the first earlier and the last later, needs update_lesosns, 404s as the PUT does', async () => {
      const { courseId, moduleId, base } = await tree();
      const first = await insertLesson(ctx.db, moduleId, { name: 'Benvenuto', position: 1 });
      const last = await insertLesson(ctx.db, moduleId, { name: 'Il problema', position: 3 });
      const earlier = await move(base, first, 'earlier');
      expect(earlier.statusCode).toBe(422);
      expect(earlier.json().message).toBe('La lezione è già la prima.');
      const later = await move(base, last, 'later');
      expect(later.statusCode).toBe(422);
      expect(later.json().message).toBe("La lezione è già l'ultima.");

      const member = await ctx.user({ mooc_access: 1 }, ['read_courses', 'create_lessons', 'update_courses']);
      const refused = await move(base, first, 'later', member.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Non hai i permessi per questa operazione.');
      const missing = await move(base, 999999, 'later');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Lezione non trovata.');
      const otherModule = await insertModule(ctx.db, courseId);
      expect((await move(`/api/courses/${courseId}/modules/${otherModule}/lessons`, first, 'later')).statusCode).toBe(
        404,
      );
      expect((await move(`/api/courses/${courseId}/modules/999999/lessons`, first, 'later')).statusCode).toBe(404);
      expect(
        (await move(`/api/courses/${await insertCourse(ctx.db)}/modules/${moduleId}/lessons`, first, 'later'))
          .statusCode,
      ).toBe(404);
      expect(await order(base)).toEqual(['1. Benvenuto', '3. Il problema']);
    });

    it.runIf(kind === 'postgres')(
      'a save or a new lesson waits for the change in progress in the same module (PostgreSQL)',
      async () => {
        const { moduleId, base } = await tree();
        const lessonId = await insertLesson(ctx.db, moduleId, { name: 'In attesa', position: 1 });
        const { headers } = await admin();
        let release!: () => void;
        let held!: () => void;
        const holding = new Promise<void>((resolve) => (held = resolve));
        const change = ctx.db.transaction().execute(async (trx) => {
          await sql`select id from modules where id = ${moduleId} for no key update`.execute(trx);
          held();
          await new Promise<void>((resolve) => (release = resolve));
        });
        await holding;
        const answered: string[] = [];
        const writes = [
          ctx.app
            .inject({ method: 'PUT', url: `${base}/${lessonId}`, headers, payload: { ...valid, name: 'Dopo' } })
            .then((answer) => (answered.push('save'), answer)),
          ctx.app
            .inject({ method: 'POST', url: base, headers, payload: { ...valid, position: 2, name: 'Nuova' } })
            .then((answer) => (answered.push('create'), answer)),
        ];
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(answered).toEqual([]);
        release();
        await change;
        expect((await Promise.all(writes)).map((answer) => answer.statusCode)).toEqual([200, 201]);
      },
    );
  });

  describe('DELETE', () => {
    it('needs delete_courses and removes the lesson with its progress', async () => {
      const { moduleId, base } = await tree();
      const lessonId = await insertLesson(ctx.db, moduleId, { name: 'Da togliere' });
      const refused = await ctx.app.inject({
        method: 'DELETE',
        url: `${base}/${lessonId}`,
        headers: (await ctx.user({}, ['update_lesosns', 'create_lessons'])).headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Non hai i permessi per questa operazione.');
      const me = await admin();
      await markCompleted(ctx.db, me.id, lessonId);
      const res = await ctx.app.inject({ method: 'DELETE', url: `${base}/${lessonId}`, headers: me.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: lessonId, name: 'Da togliere' });
      expect(
        await ctx.db.selectFrom('lesson_progress').select('user_id').where('lesson_id', '=', lessonId).execute(),
      ).toEqual([]);
      const again = await ctx.app.inject({ method: 'DELETE', url: `${base}/${lessonId}`, headers: me.headers });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Lezione non trovata.');
    });
  });
});
