import { describe, expect, it } from 'vitest';
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

describe.each(databases)('courses API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const learner = () => ctx.user({ mooc_access: 1 });
  const admin = () => ctx.user({}, COURSE_ADMIN);

  describe('GET /api/courses', () => {
    it('needs a token', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/courses' });
      expect(res.statusCode).toBe(401);
    });

    it('refuses users without video course access', async () => {
      const guest = await ctx.user();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/courses', headers: guest.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/videocorsi/);
    });

    it('shows learners published courses only, read_courses holders all of them', async () => {
      const published = await insertCourse(ctx.db, { name: 'Pitch pubblico', published: true });
      const draft = await insertCourse(ctx.db, { name: 'Pitch bozza', published: false });
      const asLearner = await ctx.app.inject({
        method: 'GET',
        url: '/api/courses?filter[name]=pitch',
        headers: (await learner()).headers,
      });
      expect(asLearner.statusCode).toBe(200);
      expect(asLearner.json().data.map((c: { id: number }) => c.id)).toEqual([published]);
      const reader = await ctx.user({}, ['read_courses']);
      const asAdmin = await ctx.app.inject({
        method: 'GET',
        url: '/api/courses?filter[name]=PITCH',
        headers: reader.headers,
      });
      const ids = asAdmin.json().data.map((c: { id: number }) => c.id);
      expect(ids).toHaveLength(2);
      expect(ids).toEqual(expect.arrayContaining([published, draft]));
      const course = asAdmin.json().data.find((c: { id: number }) => c.id === draft);
      expect(course).toMatchObject({
        name: 'Pitch bozza',
        published: false,
        cover_url: null,
        total_lessons: 0,
        completed_lessons: 0,
      });
      expect(asAdmin.json().meta).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    });

    it("counts the caller's own completed lessons against all lessons", async () => {
      const courseId = await insertCourse(ctx.db, { name: 'Conteggi' });
      const m1 = await insertModule(ctx.db, courseId, { position: 1 });
      const m2 = await insertModule(ctx.db, courseId, { position: 2 });
      const l1 = await insertLesson(ctx.db, m1);
      await insertLesson(ctx.db, m1, { position: 2 });
      const l3 = await insertLesson(ctx.db, m2);
      const me = await learner();
      const other = await learner();
      await markCompleted(ctx.db, me.id, l1);
      await markCompleted(ctx.db, me.id, l3);
      await markCompleted(ctx.db, other.id, l1);
      const mine = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: me.headers });
      expect(mine.json().data).toMatchObject({ id: courseId, total_lessons: 3, completed_lessons: 2 });
      const theirs = await ctx.app.inject({
        method: 'GET',
        url: '/api/courses?filter[name]=Conteggi',
        headers: other.headers,
      });
      expect(theirs.json().data[0]).toMatchObject({ total_lessons: 3, completed_lessons: 1 });
    });
  });

  describe('GET /api/courses/{id}', () => {
    it('is 403 for learners on an unpublished course and 404 when missing', async () => {
      const draft = await insertCourse(ctx.db, { published: false });
      const me = await learner();
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/courses/${draft}`, headers: me.headers })).statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/courses/999999', headers: me.headers })).statusCode,
      ).toBe(404);
      const reader = await ctx.user({}, ['read_courses']);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/courses/${draft}`, headers: reader.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.published).toBe(false);
    });
  });

  describe('POST /api/courses', () => {
    it('needs create_courses', async () => {
      const reader = await ctx.user({ mooc_access: 1 }, ['read_courses', 'update_courses']);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: reader.headers,
        payload: { name: 'X', description: 'Y' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('creates a course, unpublished unless published is sent', async () => {
      const me = await admin();
      const draft = await ctx.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: me.headers,
        payload: { name: '  Marketing  ', description: 'Come trovare clienti' },
      });
      expect(draft.statusCode).toBe(201);
      expect(draft.json().data).toMatchObject({
        name: 'Marketing',
        description: 'Come trovare clienti',
        published: false,
        total_lessons: 0,
      });
      const live = await ctx.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: me.headers,
        payload: { name: 'Finanza', description: 'Bilanci', published: true },
      });
      expect(live.json().data.published).toBe(true);
      const numeric = await ctx.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: me.headers,
        payload: { name: 'Legale', description: 'Contratti', published: 1 },
      });
      expect(numeric.json().data.published).toBe(true);
    });

    it.each([
      ['name', { description: 'D' }, 'Il campo nome è obbligatorio.'],
      ['name', { name: '   ', description: 'D' }, 'Il campo nome è obbligatorio.'],
      ['description', { name: 'N' }, 'Il campo descrizione è obbligatorio.'],
      ['description', { name: 'N', description: '' }, 'Il campo descrizione è obbligatorio.'],
      [
        'published',
        { name: 'N', description: 'D', published: 'forse' },
        'Il campo pubblicazione deve essere vero o falso.',
      ],
    ])('answers 422 with errors.%s in Italian', async (field, payload, message) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: (await admin()).headers,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    });
  });

  describe('PUT /api/courses/{id}', () => {
    it('needs update_courses, validates, and keeps published when not sent', async () => {
      const id = await insertCourse(ctx.db, { published: true });
      const creator = await ctx.user({}, ['create_courses']);
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: `/api/courses/${id}`,
        headers: creator.headers,
        payload: { name: 'A', description: 'B' },
      });
      expect(refused.statusCode).toBe(403);
      const me = await admin();
      const invalid = await ctx.app.inject({
        method: 'PUT',
        url: `/api/courses/${id}`,
        headers: me.headers,
        payload: { name: '' },
      });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors).sort()).toEqual(['description', 'name']);
      const kept = await ctx.app.inject({
        method: 'PUT',
        url: `/api/courses/${id}`,
        headers: me.headers,
        payload: { id, name: 'Nuovo nome', description: 'Nuova descrizione', total_lessons: 99 },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data).toMatchObject({ name: 'Nuovo nome', description: 'Nuova descrizione', published: true });
      const unpublished = await ctx.app.inject({
        method: 'PUT',
        url: `/api/courses/${id}`,
        headers: me.headers,
        payload: { name: 'Nuovo nome', description: 'Nuova descrizione', published: false },
      });
      expect(unpublished.json().data.published).toBe(false);
      const missing = await ctx.app.inject({
        method: 'PUT',
        url: '/api/courses/999999',
        headers: me.headers,
        payload: { name: 'A', description: 'B' },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('DELETE /api/courses/{id}', () => {
    it('needs delete_courses', async () => {
      const id = await insertCourse(ctx.db);
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/courses/${id}`,
        headers: (await ctx.user({}, ['update_courses'])).headers,
      });
      expect(res.statusCode).toBe(403);
    });

    it('removes modules, lessons, progress and the course and module covers with the course', async () => {
      const me = await admin();
      const id = await insertCourse(ctx.db);
      const cover = (await postCover(ctx.app, `/api/courses/${id}/cover`, me.headers, await png())).json().data
        .cover_url;
      expect(await imageStatus(ctx.app, cover)).toBe(200);
      const moduleId = await insertModule(ctx.db, id);
      const moduleCover = (
        await postCover(ctx.app, `/api/courses/${id}/modules/${moduleId}/cover`, me.headers, await png())
      ).json().data.cover_url;
      expect(await imageStatus(ctx.app, moduleCover)).toBe(200);
      const lessonId = await insertLesson(ctx.db, moduleId);
      await markCompleted(ctx.db, me.id, lessonId);
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: me.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id, name: 'Corso di prova' });
      expect(await ctx.db.selectFrom('modules').select('id').where('course_id', '=', id).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('lessons').select('id').where('id', '=', lessonId).execute()).toEqual([]);
      expect(
        await ctx.db.selectFrom('lesson_progress').select('user_id').where('lesson_id', '=', lessonId).execute(),
      ).toEqual([]);
      expect(await imageStatus(ctx.app, cover)).toBe(404);
      expect(await imageStatus(ctx.app, moduleCover)).toBe(404);
      const again = await ctx.app.inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: me.headers });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('POST /api/courses/{id}/cover', () => {
    it('needs update_courses', async () => {
      const id = await insertCourse(ctx.db);
      const other = await ctx.user({}, ['read_courses', 'update_lesosns']);
      const res = await postCover(ctx.app, `/api/courses/${id}/cover`, other.headers, await png());
      expect(res.statusCode).toBe(403);
    });

    it('stores a 16:9 WebP cover and removes the previous one', async () => {
      const me = await admin();
      const id = await insertCourse(ctx.db);
      const upload = async () => postCover(ctx.app, `/api/courses/${id}/cover`, me.headers, await png(400, 400));
      const first = await upload();
      expect(first.statusCode).toBe(200);
      const firstUrl: string = first.json().data.cover_url;
      expect(firstUrl).toMatch(/^\/storage\/courses\/[0-9a-f]{32}\.webp$/);
      const second = await upload();
      const secondUrl: string = second.json().data.cover_url;
      expect(secondUrl).not.toBe(firstUrl);
      expect(await imageStatus(ctx.app, firstUrl)).toBe(404);
      expect(await imageStatus(ctx.app, secondUrl)).toBe(200);
    });

    it('answers 404 for a missing course', async () => {
      const res = await postCover(ctx.app, '/api/courses/999999/cover', (await admin()).headers, await png());
      expect(res.statusCode).toBe(404);
    });
  });
});
