import type { KyselyPlugin } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { insertCourse, insertLesson, insertModule } from './courses-fixtures.js';
import { recordSync } from '../../server/src/modules/progress/repository.js';

/** Delays every query result by a few random milliseconds, so concurrent syncs really interleave. */
const jitter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    return args.result;
  },
};

describe.each(databases)('lesson progress sync (%s)', (kind) => {
  const ctx = useTestApp(kind);
  let clock = 0;
  beforeEach(() => {
    clock = 1_800_000_000_000;
    ctx.app.now = () => clock;
  });

  async function setup(options: { published?: boolean; videoLength?: number | null; lessons?: number } = {}) {
    const courseId = await insertCourse(ctx.db, { published: options.published ?? true });
    const moduleId = await insertModule(ctx.db, courseId);
    const lessonIds: number[] = [];
    for (let i = 1; i <= (options.lessons ?? 1); i++) {
      lessonIds.push(
        await insertLesson(ctx.db, moduleId, {
          position: i,
          video_length: options.videoLength === undefined ? 60 : options.videoLength,
        }),
      );
    }
    const me = await ctx.user({ mooc_access: 1 });
    const url = `/api/courses/${courseId}/modules/${moduleId}/lessons/${lessonIds[0]}/sync`;
    const sync = (payload: Record<string, unknown>, headers = me.headers) =>
      ctx.app.inject({ method: 'POST', url, headers, payload });
    return { courseId, moduleId, lessonIds, me, url, sync };
  }

  /** A sync every 3 s of server time while the video plays from `from` to `to`. */
  async function watch(
    sync: (p: Record<string, unknown>) => Promise<{ json(): { data: Record<string, unknown> } }>,
    from: number,
    to: number,
    extra: Record<string, unknown> = {},
  ) {
    let last: Record<string, unknown> = {};
    for (let position = from; position <= to; position += 3) {
      last = (await sync({ duration: position, ...extra })).json().data;
      clock += 3000;
    }
    return last;
  }

  it('steady syncs every 3 s complete the lesson, and the counts follow', async () => {
    const { courseId, moduleId, me, sync } = await setup({ lessons: 2 });
    const halfway = await watch(sync, 0, 30);
    expect(halfway).toMatchObject({
      completed: false,
      progress: 30,
      watched_seconds: 30,
      video_length: 60,
      required_ratio: 0.9,
    });
    const done = await watch(sync, 33, 54);
    expect(done).toMatchObject({ completed: true, progress: 54, watched_seconds: 54 });
    const course = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: me.headers });
    expect(course.json().data).toMatchObject({ completed_lessons: 1, total_lessons: 2 });
    const module = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/modules/${moduleId}`,
      headers: me.headers,
    });
    expect(module.json().data).toMatchObject({ completed_lessons: 1, total_lessons: 2 });
  });

  it('a jump to the end does not complete; the resume position moves', async () => {
    const { sync } = await setup();
    await watch(sync, 0, 6);
    const jumped = (await sync({ duration: 60 })).json().data;
    expect(jumped).toMatchObject({ completed: false, progress: 60, watched_seconds: 6 });
    clock += 600_000;
    const later = (await sync({ duration: 60 })).json().data;
    expect(later.completed).toBe(false);
  });

  it('the first sync far into the video only anchors', async () => {
    const { sync } = await setup();
    const res = await sync({ duration: 58 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ completed: false, progress: 58, watched_seconds: 0 });
  });

  it('completion never reverts, even after seeking back', async () => {
    const { sync } = await setup();
    await watch(sync, 0, 57);
    const back = (await sync({ duration: 3 })).json().data;
    expect(back).toMatchObject({ completed: true, progress: 3 });
  });

  it('never takes a length from a learner: a reported length neither completes nor blocks a lesson', async () => {
    // Without a trusted length, `{"duration":1,"length":1}` once completed the lesson for everyone.
    const unknown = await setup({ videoLength: null });
    const forged = (await unknown.sync({ duration: 1, length: 1 })).json().data;
    expect(forged).toMatchObject({ completed: false, video_length: null });
    const row = await ctx.db
      .selectFrom('lessons')
      .select('video_length')
      .where('id', '=', unknown.lessonIds[0])
      .executeTakeFirstOrThrow();
    expect(row.video_length).toBeNull();
    // With one, a huge reported length changes nothing: honest watching completes.
    const known = await setup({ videoLength: 30 });
    expect((await known.sync({ duration: 0, length: 43200 })).json().data.video_length).toBe(30);
    clock += 3000;
    const done = await watch(known.sync, 3, 27, { length: 43200 });
    expect(done).toMatchObject({ completed: true, video_length: 30 });
  });

  it('without a known length nothing completes', async () => {
    const { sync } = await setup({ videoLength: null });
    const last = await watch(sync, 0, 60);
    expect(last).toMatchObject({ completed: false, watched_seconds: 60, video_length: null });
  });

  it('playback rate 2 allows twice the advance; a faster claimed rate is clamped', async () => {
    const { sync } = await setup();
    let last: Record<string, unknown> = {};
    for (let position = 0; position <= 60; position += 6) {
      last = (await sync({ duration: position, rate: 2 })).json().data;
      clock += 3000;
    }
    expect(last).toMatchObject({ completed: true, watched_seconds: 60 });
    const other = await setup();
    await other.sync({ duration: 0, rate: 10 });
    clock += 3000;
    const cheat = (await other.sync({ duration: 30, rate: 10 })).json().data;
    expect(cheat.watched_seconds).toBe(0);
  });

  it('parallel syncs of one learner neither lose nor double coverage', async () => {
    const { sync, lessonIds, me } = await setup();
    const progressRow = () =>
      ctx.db
        .selectFrom('lesson_progress')
        .selectAll()
        .where('lesson_id', '=', lessonIds[0])
        .where('user_id', '=', me.id)
        .executeTakeFirstOrThrow();
    await sync({ duration: 0 });
    clock += 6000;
    const same = await Promise.all(Array.from({ length: 5 }, () => sync({ duration: 6 })));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    let row = await progressRow();
    expect(row.covered_seconds).toBe(6);
    expect(JSON.parse(row.watched)).toEqual([[0, 6]]);
    // Every sync committed on top of the previous one: none was overwritten.
    expect(row.version).toBe(5);

    clock += 6000;
    const mixed = await Promise.all([sync({ duration: 9 }), sync({ duration: 12 })]);
    expect(mixed.map((r) => r.statusCode)).toEqual([200, 200]);
    row = await progressRow();
    expect(row.version).toBe(7);
    // Either order applied one after the other: 9 then 12 (the second is a jump at the same
    // instant) or 12 then 9 (a seek back). A lost update would give (9, 9) or (12, 12).
    expect([[row.covered_seconds, row.position]]).toEqual([
      expect.toSatisfy(
        ([covered, position]: [number, number]) =>
          (covered === 9 && position === 12) || (covered === 12 && position === 9),
      ),
    ]);
  });

  it('interleaved syncs commit one after the other (optimistic concurrency)', async () => {
    const { lessonIds, me } = await setup();
    const db = ctx.db.withPlugin(jitter);
    const lesson = { id: lessonIds[0], video_length: 60 };
    const base = { userId: me.id, lesson, threshold: 0.9, now: () => clock };
    await recordSync(db, { ...base, position: 0 });
    for (let round = 1; round <= 3; round++) {
      clock += 6000;
      await Promise.all([
        recordSync(db, { ...base, position: round * 6 }),
        recordSync(db, { ...base, position: round * 6 }),
      ]);
    }
    const row = await ctx.db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('lesson_id', '=', lesson.id)
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(6);
    expect(JSON.parse(row.watched)).toEqual([[0, 18]]);
    expect(row.covered_seconds).toBe(18);
  });

  it('parallel first syncs create one row', async () => {
    const { sync, lessonIds, me } = await setup();
    const results = await Promise.all(Array.from({ length: 5 }, () => sync({ duration: 2 })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await ctx.db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('lesson_id', '=', lessonIds[0])
      .where('user_id', '=', me.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].covered_seconds).toBe(2);
    expect(rows[0].version).toBe(4);
  });

  it('progress is per learner', async () => {
    const { sync } = await setup();
    await watch(sync, 0, 57);
    const other = await ctx.user({ mooc_access: 1 });
    const theirs = (await sync({ duration: 0 }, other.headers)).json().data;
    expect(theirs).toMatchObject({ completed: false, progress: 0, watched_seconds: 0 });
  });

  it('refuses users without video course access and unpublished courses', async () => {
    const { sync } = await setup();
    const guest = await ctx.user();
    const refused = await sync({ duration: 3 }, guest.headers);
    expect(refused.statusCode).toBe(403);
    const draft = await setup({ published: false });
    const res = await draft.sync({ duration: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Questo corso non è disponibile.');
    const noToken = await ctx.app.inject({ method: 'POST', url: draft.url, payload: { duration: 3 } });
    expect(noToken.statusCode).toBe(401);
  });

  it("answers 422 without a valid duration, 404 for another module's lesson", async () => {
    const { sync, courseId, lessonIds, me } = await setup();
    for (const payload of [{}, { duration: 'tanto' }, { duration: -1 }]) {
      const res = await sync(payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['duration']);
    }
    const otherModule = await insertModule(ctx.db, courseId, { position: 2 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules/${otherModule}/lessons/${lessonIds[0]}/sync`,
      headers: me.headers,
      payload: { duration: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(databases)('lesson progress threshold (%s)', (kind) => {
  const ctx = useTestApp(kind, { COMPLETION_THRESHOLD: '0.5' });

  it('follows COMPLETION_THRESHOLD', async () => {
    let clock = 1_800_000_000_000;
    ctx.app.now = () => clock;
    const courseId = await insertCourse(ctx.db);
    const moduleId = await insertModule(ctx.db, courseId);
    const lessonId = await insertLesson(ctx.db, moduleId, { video_length: 60 });
    const me = await ctx.user({ mooc_access: 1 });
    const url = `/api/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/sync`;
    let last: Record<string, unknown> = {};
    for (let position = 0; position <= 30; position += 3) {
      last = (
        await ctx.app.inject({ method: 'POST', url, headers: me.headers, payload: { duration: position } })
      ).json().data;
      clock += 3000;
    }
    expect(last).toMatchObject({ completed: true, required_ratio: 0.5, watched_seconds: 30 });
  });
});
