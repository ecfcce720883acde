import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import {
  COURSE_ADMIN,
  imageStatus,
  insertCourse,
  insertLesson,
  insertModule,
  markCompleted,
  png,
  postCover,
} from './courses-fixtures.js';

describe.each(databases)('modules API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const learner = () => ctx.user({ mooc_access: 1 });
  const admin = () => ctx.user({}, COURSE_ADMIN);
  const base = (courseId: number) => `/api/courses/${courseId}/modules`;

  describe('reading', () => {
    it('lists by position with filter[name] and per-user lesson counts', async () => {
      const courseId = await insertCourse(ctx.db);
      const third = await insertModule(ctx.db, courseId, { name: 'Vendite', position: 3 });
      const first = await insertModule(ctx.db, courseId, { name: 'Idea', position: 1 });
      const second = await insertModule(ctx.db, courseId, { name: 'Validazione idea', position: 2 });
      const otherCourse = await insertCourse(ctx.db);
      await insertModule(ctx.db, otherCourse, { name: 'Idea altrove' });
      const lesson = await insertLesson(ctx.db, second);
      await insertLesson(ctx.db, second, { position: 2 });
      const me = await learner();
      await markCompleted(ctx.db, me.id, lesson);

      const all = await ctx.app.inject({ method: 'GET', url: `${base(courseId)}?sort=position`, headers: me.headers });
      expect(all.statusCode).toBe(200);
      expect(all.json().data.map((m: { id: number }) => m.id)).toEqual([first, second, third]);
      expect(all.json().data[1]).toMatchObject({
        id: second,
        course_id: courseId,
        name: 'Validazione idea',
        description: null,
        position: 2,
        cover_url: null,
        total_lessons: 2,
        completed_lessons: 1,
      });
      const reversed = await ctx.app.inject({
        method: 'GET',
        url: `${base(courseId)}?sort=-position`,
        headers: me.headers,
      });
      expect(reversed.json().data.map((m: { id: number }) => m.id)).toEqual([third, second, first]);
      const filtered = await ctx.app.inject({
        method: 'GET',
        url: `${base(courseId)}?filter[name]=IDEA`,
        headers: me.headers,
      });
      expect(filtered.json().data.map((m: { id: number }) => m.id)).toEqual([first, second]);

      const one = await ctx.app.inject({ method: 'GET', url: `${base(courseId)}/${second}`, headers: me.headers });
      expect(one.json().data).toMatchObject({ id: second, total_lessons: 2, completed_lessons: 1 });
      const someoneElse = await ctx.app.inject({
        method: 'GET',
        url: `${base(courseId)}/${second}`,
        headers: (await learner()).headers,
      });
      expect(someoneElse.json().data.completed_lessons).toBe(0);
    });

    it('refuses guests and, for learners, unpublished courses; 404 across courses', async () => {
      const draft = await insertCourse(ctx.db, { published: false });
      const draftModule = await insertModule(ctx.db, draft);
      const live = await insertCourse(ctx.db);
      const guest = await ctx.user();
      expect((await ctx.app.inject({ method: 'GET', url: base(live) })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: base(live), headers: guest.headers })).statusCode).toBe(403);
      const me = await learner();
      expect((await ctx.app.inject({ method: 'GET', url: base(draft), headers: me.headers })).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${base(draft)}/${draftModule}`, headers: me.headers })).statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${base(live)}/${draftModule}`, headers: me.headers })).statusCode,
      ).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: base(999999), headers: me.headers })).statusCode).toBe(404);
      const reader = await ctx.user({}, ['read_courses']);
      const asReader = await ctx.app.inject({ method: 'GET', url: base(draft), headers: reader.headers });
      expect(asReader.json().data.map((m: { id: number }) => m.id)).toEqual([draftModule]);
    });
  });

  describe('POST', () => {
    it('needs create_modules', async () => {
      const courseId = await insertCourse(ctx.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: base(courseId),
        headers: (await ctx.user({}, ['read_courses', 'update_lesosns'])).headers,
        payload: { position: 1, name: 'M' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('creates a module (description optional, position sent as text by forms)', async () => {
      const courseId = await insertCourse(ctx.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: base(courseId),
        headers: (await admin()).headers,
        payload: { position: '2', name: ' Go to market ', description: '' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        course_id: courseId,
        position: 2,
        name: 'Go to market',
        description: null,
        total_lessons: 0,
      });
      const missingCourse = await ctx.app.inject({
        method: 'POST',
        url: base(999999),
        headers: (await admin()).headers,
        payload: { position: 1, name: 'M' },
      });
      expect(missingCourse.statusCode).toBe(404);
    });

    it.each([
      ['position', { name: 'M' }],
      ['position', { position: '', name: 'M' }],
      ['position', { position: 'primo', name: 'M' }],
      ['position', { position: 0, name: 'M' }],
      ['position', { position: 1.5, name: 'M' }],
      ['name', { position: 1 }],
      ['name', { position: 1, name: '  ' }],
    ])('answers 422 with errors.%s', async (field, payload) => {
      const courseId = await insertCourse(ctx.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: base(courseId),
        headers: (await admin()).headers,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    });
  });

  describe('PUT', () => {
    it('needs update_lesosns and updates the module', async () => {
      const courseId = await insertCourse(ctx.db);
      const moduleId = await insertModule(ctx.db, courseId);
      const payload = { position: 4, name: 'Rinominato', description: 'Nuova descrizione' };
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: `${base(courseId)}/${moduleId}`,
        headers: (await ctx.user({}, ['update_courses', 'create_modules'])).headers,
        payload,
      });
      expect(refused.statusCode).toBe(403);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${base(courseId)}/${moduleId}`,
        headers: (await admin()).headers,
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: moduleId, ...payload });
      const invalid = await ctx.app.inject({
        method: 'PUT',
        url: `${base(courseId)}/${moduleId}`,
        headers: (await admin()).headers,
        payload: { name: 'X' },
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors.position).toHaveLength(1);
      const elsewhere = await ctx.app.inject({
        method: 'PUT',
        url: `${base(await insertCourse(ctx.db))}/${moduleId}`,
        headers: (await admin()).headers,
        payload,
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });

  describe('one module per place in the course', () => {
    it('refuses a taken position on create and edit, naming the module there, and takes a free one', async () => {
      const courseId = await insertCourse(ctx.db);
      await insertModule(ctx.db, courseId, { name: 'Idea', position: 1 });
      const second = await insertModule(ctx.db, courseId, { name: 'Mercato', position: 2 });
      const { headers } = await admin();
      const taken = await ctx.app.inject({
        method: 'POST',
        url: base(courseId),
        headers,
        payload: { position: 1, name: 'Doppione' },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({
        position: ["La posizione 1 è già occupata dal modulo «Idea»: scegline un'altra."],
      });
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `${base(courseId)}/${second}`,
        headers,
        payload: { position: 1, name: 'Mercato' },
      });
      expect(moved.statusCode).toBe(422);
      expect(moved.json().errors.position).toEqual([
        "La posizione 1 è già occupata dal modulo «Idea»: scegline un'altra.",
      ]);
      // Its own place is not taken by itself; the same place in another course is free.
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `${base(courseId)}/${second}`,
            headers,
            payload: { position: 2, name: 'Mercato e clienti' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: base(await insertCourse(ctx.db)),
            headers,
            payload: { position: 1, name: 'Idea' },
          })
        ).statusCode,
      ).toBe(201);
      const names = (await ctx.app.inject({ method: 'GET', url: base(courseId), headers }))
        .json()
        .data.map((m: { position: number; name: string }) => `${m.position}. ${m.name}`);
      expect(names).toEqual(['1. Idea', '2. Mercato e clienti']);
    });

    it('gives the same answer when the place is taken between the check and the save', async () => {
      const courseId = await insertCourse(ctx.db);
      await insertModule(ctx.db, courseId, { name: 'Idea', position: 1 });
      const second = await insertModule(ctx.db, courseId, { name: 'Mercato', position: 2 });
      const { headers } = await admin();
      // Another save took place 1 just after this request's check: the check saw it free.
      const check = vi.spyOn(ctx.app.repos.modules, 'atPosition');
      try {
        for (const [method, url] of [
          ['POST', base(courseId)],
          ['PUT', `${base(courseId)}/${second}`],
        ] as const) {
          check.mockResolvedValueOnce(undefined);
          const res = await ctx.app.inject({ method, url, headers, payload: { position: 1, name: 'Doppione' } });
          expect(res.statusCode, method).toBe(422);
          expect(res.json().errors, method).toEqual({
            position: ["La posizione 1 è già occupata dal modulo «Idea»: scegline un'altra."],
          });
        }
      } finally {
        check.mockRestore();
      }
      const names = (await ctx.app.inject({ method: 'GET', url: base(courseId), headers }))
        .json()
        .data.map((m: { position: number; name: string }) => `${m.position}. ${m.name}`);
      expect(names).toEqual(['1. Idea', '2. Mercato']);
    });
  });

  describe('DELETE', () => {
    it('needs delete_courses, with an Italian message for the dialog', async () => {
      const courseId = await insertCourse(ctx.db);
      const moduleId = await insertModule(ctx.db, courseId);
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `${base(courseId)}/${moduleId}`,
        headers: (await ctx.user({}, ['update_lesosns'])).headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Non hai i permessi per questa operazione.');
      const missing = await ctx.app.inject({
        method: 'DELETE',
        url: `${base(courseId)}/999999`,
        headers: (await admin()).headers,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Modulo non trovato.');
    });

    it('deletes the module with its lessons, progress and cover', async () => {
      const me = await admin();
      const courseId = await insertCourse(ctx.db);
      const moduleId = await insertModule(ctx.db, courseId, { name: 'Da eliminare' });
      const lessonId = await insertLesson(ctx.db, moduleId);
      await markCompleted(ctx.db, me.id, lessonId);
      const cover: string = (
        await postCover(ctx.app, `${base(courseId)}/${moduleId}/cover`, me.headers, await png())
      ).json().data.cover_url;
      expect(await imageStatus(ctx.app, cover)).toBe(200);
      const res = await ctx.app.inject({ method: 'DELETE', url: `${base(courseId)}/${moduleId}`, headers: me.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: moduleId, name: 'Da eliminare' });
      expect(await ctx.db.selectFrom('lessons').select('id').where('module_id', '=', moduleId).execute()).toEqual([]);
      expect(
        await ctx.db.selectFrom('lesson_progress').select('user_id').where('lesson_id', '=', lessonId).execute(),
      ).toEqual([]);
      expect(await imageStatus(ctx.app, cover)).toBe(404);
    });
  });

  describe('POST .../move', () => {
    const order = async (courseId: number) =>
      (await ctx.app.inject({ method: 'GET', url: base(courseId), headers: (await admin()).headers }))
        .json()
        .data.map((m: { position: number; name: string }) => `${m.position}. ${m.name}`);
    const move = async (courseId: number, moduleId: number, direction: string, headers?: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `${base(courseId)}/${moduleId}/move`,
        headers: headers ?? (await admin()).headers,
        payload: { direction },
      });

    it('swaps the module with its nearest neighbour across a gap, both changes audited', async () => {
      const courseId = await insertCourse(ctx.db);
      const idea = await insertModule(ctx.db, courseId, { name: 'Idea', position: 1 });
      const market = await insertModule(ctx.db, courseId, { name: 'Mercato', position: 5 });
      await insertModule(ctx.db, courseId, { name: 'Vendite', position: 9 });
      const other = await insertCourse(ctx.db);
      await insertModule(ctx.db, other, { name: 'Altrove', position: 3 });
      const me = await admin();

      const later = await move(courseId, idea, 'later', me.headers);
      expect(later.statusCode).toBe(200);
      expect(later.json().data).toEqual([
        expect.objectContaining({ id: idea, name: 'Idea', position: 5, course_id: courseId, total_lessons: 0 }),
        expect.objectContaining({ id: market, name: 'Mercato', position: 1 }),
      ]);
      expect(await order(courseId)).toEqual(['1. Mercato', '5. Idea', '9. Vendite']);
      expect(await order(other)).toEqual(['3. Altrove']);
      const log = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', 'module')
        .where('entity_id', 'in', [idea, market])
        .orderBy('id')
        .execute();
      expect(log.map((row) => [row.actor_id, row.action, row.entity_id, JSON.parse(row.changes)])).toEqual([
        [me.id, 'update', idea, { position: [1, 5] }],
        [me.id, 'update', market, { position: [5, 1] }],
      ]);

      expect((await move(courseId, idea, 'later', me.headers)).statusCode).toBe(200);
      expect(await order(courseId)).toEqual(['1. Mercato', '5. Vendite', '9. Idea']);
      expect((await move(courseId, idea, 'earlier', me.headers)).statusCode).toBe(200);
      expect(await order(courseId)).toEqual(['1. Mercato', '5. Idea', '9. Vendite']);
    });

    it('refuses to move the first one earlier and the last one later', async () => {
      const courseId = await insertCourse(ctx.db);
      const first = await insertModule(ctx.db, courseId, { name: 'Idea', position: 2 });
      const last = await insertModule(ctx.db, courseId, { name: 'Mercato', position: 4 });
      const earlier = await move(courseId, first, 'earlier');
      expect(earlier.statusCode).toBe(422);
      expect(earlier.json().message).toBe('Il modulo è già il primo.');
      const later = await move(courseId, last, 'later');
      expect(later.statusCode).toBe(422);
      expect(later.json().message).toBe("Il modulo è già l'ultimo.");
      const alone = await move(
        await insertCourse(ctx.db),
        await insertModule(ctx.db, await insertCourse(ctx.db)),
        'later',
      );
      expect(alone.statusCode).toBe(404);
      expect(await order(courseId)).toEqual(['2. Idea', '4. Mercato']);
      expect((await move(courseId, first, 'sideways')).statusCode).toBe(422);
    });

    it('needs update_lesosns, and 404s as the PUT does', async () => {
      const courseId = await insertCourse(ctx.db);
      const moduleId = await insertModule(ctx.db, courseId, { name: 'Idea', position: 1 });
      await insertModule(ctx.db, courseId, { name: 'Mercato', position: 2 });
      const member = await ctx.user({ mooc_access: 1 }, ['read_courses', 'update_courses', 'create_modules']);
      const refused = await move(courseId, moduleId, 'later', member.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Non hai i permessi per questa operazione.');
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `${base(courseId)}/${moduleId}/move`,
            payload: { direction: 'later' },
          })
        ).statusCode,
      ).toBe(401);
      const missing = await move(courseId, 999999, 'later');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Modulo non trovato.');
      expect((await move(999999, moduleId, 'later')).statusCode).toBe(404);
      expect((await move(await insertCourse(ctx.db), moduleId, 'later')).statusCode).toBe(404);
      expect(await order(courseId)).toEqual(['1. Idea', '2. Mercato']);
    });

    it('keeps one module per place when moves and saves meet', async () => {
      const courseId = await insertCourse(ctx.db);
      const ids: number[] = [];
      for (let position = 1; position <= 5; position++)
        ids.push(await insertModule(ctx.db, courseId, { name: `M${position}`, position: position * 2 }));
      const { headers } = await admin();
      const answers = await Promise.all([
        ...ids.map((id, i) => move(courseId, id, i % 2 ? 'earlier' : 'later', headers)),
        ...ids.map((id) => move(courseId, id, 'later', headers)),
        ctx.app.inject({
          method: 'PUT',
          url: `${base(courseId)}/${ids[2]}`,
          headers,
          payload: { position: 7, name: 'M3' },
        }),
      ]);
      for (const answer of answers) expect([200, 409, 422], answer.body).toContain(answer.statusCode);
      const positions = (
        await ctx.db.selectFrom('modules').select('position').where('course_id', '=', courseId).execute()
      ).map((row) => row.position);
      expect(new Set(positions).size).toBe(5);
      expect(positions.every((position) => position > 0)).toBe(true);
    });

    it.runIf(kind === 'postgres')(
      'a save or a new module waits for the change in progress in the same order (PostgreSQL)',
      async () => {
        // A move (or save) in progress holds its course's order; the next writes in it run after it,
        // each seeing what it wrote. (SQLite's write transactions already run one at a time.)
        const courseId = await insertCourse(ctx.db);
        const moduleId = await insertModule(ctx.db, courseId, { name: 'In attesa', position: 1 });
        const { headers } = await admin();
        let release!: () => void;
        let held!: () => void;
        const holding = new Promise<void>((resolve) => (held = resolve));
        const change = ctx.db.transaction().execute(async (trx) => {
          await sql`select id from courses where id = ${courseId} for no key update`.execute(trx);
          held();
          await new Promise<void>((resolve) => (release = resolve));
        });
        await holding;
        const answered: string[] = [];
        const writes = [
          ctx.app
            .inject({
              method: 'PUT',
              url: `${base(courseId)}/${moduleId}`,
              headers,
              payload: { position: 1, name: 'Dopo' },
            })
            .then((answer) => (answered.push('save'), answer)),
          ctx.app
            .inject({ method: 'POST', url: base(courseId), headers, payload: { position: 2, name: 'Nuovo' } })
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

  describe('POST .../cover', () => {
    it('needs update_lesosns and stores a WebP cover', async () => {
      const courseId = await insertCourse(ctx.db);
      const moduleId = await insertModule(ctx.db, courseId);
      const url = `${base(courseId)}/${moduleId}/cover`;
      const refused = await postCover(ctx.app, url, (await ctx.user({}, ['update_courses'])).headers, await png());
      expect(refused.statusCode).toBe(403);
      const res = await postCover(ctx.app, url, (await admin()).headers, await png());
      expect(res.statusCode).toBe(200);
      expect(res.json().data.cover_url).toMatch(/^\/storage\/modules\/[0-9a-f]{32}\.webp$/);
      const notImage = await postCover(ctx.app, url, (await admin()).headers, Buffer.from('ciao'), {
        filename: 'a.png',
      });
      expect(notImage.statusCode).toBe(422);
      expect(notImage.json().errors.cover).toEqual(["Il file deve essere un'immagine (JPEG, PNG, WebP o GIF)."]);
    });
  });
});
