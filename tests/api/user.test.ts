import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/index.js';
import { databases, useTestApp } from './helpers.js';

const HOUR = 3600 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function team(
  db: Db,
  name: string,
  values: { owner_id?: number | null; drive_url?: string; avatar?: string } = {},
) {
  const row = await db
    .insertInto('teams')
    .values({ name, description: null, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function session(db: Db, name: string, start: string, experts: number[], teams: number[]) {
  const { id } = await db
    .insertInto('sessions')
    .values({
      name,
      type: 'meet',
      description: 'Incontro',
      start_time: start,
      end_time: null,
      join_instructions: 'Link nel calendario',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (experts.length)
    await db
      .insertInto('session_experts')
      .values(experts.map((user_id) => ({ session_id: id, user_id })))
      .execute();
  if (teams.length)
    await db
      .insertInto('session_teams')
      .values(teams.map((team_id) => ({ session_id: id, team_id })))
      .execute();
  return id;
}

async function courseWithLessons(db: Db, published: boolean, lessons: number) {
  const course = await db
    .insertInto('courses')
    .values({ name: 'Corso', description: 'Descrizione', published: published ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const module = await db
    .insertInto('modules')
    .values({ course_id: course.id, name: 'Modulo', description: null, position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let position = 1; position <= lessons; position++) {
    const lesson = await db
      .insertInto('lessons')
      .values({
        module_id: module.id,
        position,
        name: `Lezione ${position}`,
        video_url: '/storage/videos/benvenuti.mp4',
        description: null,
        video_length: 60,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(lesson.id);
  }
  return ids;
}

async function progress(db: Db, userId: number, lessonId: number, completed: boolean) {
  await db
    .insertInto('lesson_progress')
    .values({
      user_id: userId,
      lesson_id: lessonId,
      position: 10,
      watched: '[]',
      covered_seconds: 10,
      completed: completed ? 1 : 0,
      last_sync_ms: 0,
      version: 0,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

describe.each(databases)('GET /api/user and /api/user/permissions (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('answers every field of the current user for a team member', async () => {
    const coordinator = await ctx.user({
      name: 'Chiara',
      surname: 'Conti',
      mobile: '+39 333 1234567',
      avatar: 'avatars/chiara.png',
    });
    const member = await ctx.user(
      { name: 'Marco', surname: 'Ferri', tax_id: 'FRRMRC90A01H501Z', birthdate: '1990-01-01', mooc_access: 1 },
      ['read_teams'],
    );
    const alfa = await team(ctx.db, 'Alfa Robotics', {
      owner_id: coordinator.id,
      drive_url: 'https://drive.example/alfa',
      avatar: 'teams/alfa.png',
    });
    const beta = await team(ctx.db, 'Beta Foods');
    const joined_at = new Date().toISOString();
    await ctx.db
      .insertInto('team_members')
      .values([
        { team_id: alfa, user_id: member.id, joined_at },
        { team_id: beta, user_id: member.id, joined_at },
      ])
      .execute();
    const published = await courseWithLessons(ctx.db, true, 4);
    const draft = await courseWithLessons(ctx.db, false, 2);
    await progress(ctx.db, member.id, published[0], true);
    await progress(ctx.db, member.id, published[1], false);
    await progress(ctx.db, member.id, draft[0], true);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: member.headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        'id',
        'name',
        'surname',
        'email',
        'tax_id',
        'birthdate',
        'created_at',
        'avatar',
        'mobile',
        'courses_percentage',
        'is_expert',
        'expert_access',
        'mooc_access',
        'roles',
        'teams',
        'teams_as_expert',
        'sessions_as_expert',
        'calendar_feed_url',
      ].sort(),
    );
    expect(data).toMatchObject({
      id: member.id,
      name: 'Marco',
      surname: 'Ferri',
      tax_id: 'FRRMRC90A01H501Z',
      birthdate: '1990-01-01',
      avatar: null,
      mobile: null,
      is_expert: false,
      expert_access: null,
      mooc_access: true,
      teams_as_expert: [],
      sessions_as_expert: [],
    });
    expect(typeof data.created_at).toBe('string');
    // Every published lesson counts, draft courses do not: 1 of 4.
    expect(data.courses_percentage).toBeCloseTo(0.25);
    expect(data.roles).toEqual([{ id: expect.any(Number), name: expect.stringMatching(/^test-role-/) }]);
    expect(data.teams).toEqual([
      {
        id: alfa,
        name: 'Alfa Robotics',
        drive_url: 'https://drive.example/alfa',
        avatar: 'teams/alfa.png',
        owner: {
          id: coordinator.id,
          name: 'Chiara',
          surname: 'Conti',
          email: expect.stringContaining('@'),
          mobile: '+39 333 1234567',
          avatar: 'avatars/chiara.png',
        },
      },
      { id: beta, name: 'Beta Foods', drive_url: null, avatar: null, owner: null },
    ]);
  });

  it('answers 0 progress and no teams for a user without any', async () => {
    const guest = await ctx.user();
    const { data } = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: guest.headers })).json();
    expect(data).toMatchObject({ teams: [], roles: [], mooc_access: false, is_expert: false });
    expect(data.courses_percentage).toBe(0);
  });

  it("lists a limited expert's teams with shared-session counts and upcoming sessions soonest first", async () => {
    const expert = await ctx.user({ is_expert: 1, expert_access: 'limited' });
    const followed = await team(ctx.db, 'Gamma Energia', { avatar: 'teams/gamma.png' });
    const other = await team(ctx.db, 'Delta Tessile');
    await ctx.db.insertInto('expert_teams').values({ user_id: expert.id, team_id: followed }).execute();
    const later = await session(ctx.db, 'Revisione pitch', at(48 * HOUR), [expert.id], [followed]);
    const forAll = await session(ctx.db, 'Plenaria', at(24 * HOUR), [expert.id], []);
    await session(ctx.db, 'Kick-off', at(-72 * HOUR), [expert.id], [followed]);
    await session(ctx.db, 'Non sua', at(24 * HOUR), [], [followed, other]);

    const { data } = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: expert.headers })).json();
    expect(data.is_expert).toBe(true);
    expect(data.expert_access).toBe('limited');
    expect(data.teams_as_expert).toEqual([
      { id: followed, name: 'Gamma Energia', avatar: 'teams/gamma.png', sessions_as_expert: 2 },
    ]);
    expect(data.sessions_as_expert).toEqual([
      { id: forAll, name: 'Plenaria', start_time: expect.any(String), teams: [] },
      {
        id: later,
        name: 'Revisione pitch',
        start_time: expect.any(String),
        teams: [{ id: followed, name: 'Gamma Energia' }],
      },
    ]);
  });

  it('gives an expert with complete access every team', async () => {
    const expert = await ctx.user({ is_expert: 1, expert_access: 'complete' });
    const teams = await ctx.db.selectFrom('teams').select('id').execute();
    const { data } = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: expert.headers })).json();
    expect(data.teams_as_expert.map((t: { id: number }) => t.id).sort()).toEqual(teams.map((t) => t.id).sort());
    expect(data.teams_as_expert.every((t: { sessions_as_expert: number }) => t.sessions_as_expert === 0)).toBe(true);
  });

  it('answers the permission names of every role of the user', async () => {
    const user = await ctx.user({}, ['read_teams', 'create_teams']);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/permissions', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: ['create_teams', 'read_teams'] });

    const nobody = await ctx.user();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/permissions', headers: nobody.headers })).json(),
    ).toEqual({ data: [] });
  });

  it('answers 401 to both without a valid token', async () => {
    for (const url of ['/api/user', '/api/user/permissions']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer invalid' } })).statusCode,
      ).toBe(401);
    }
  });
});
