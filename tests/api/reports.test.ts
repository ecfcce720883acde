import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, type TestContext } from './helpers.js';
import { participationWorkbook } from '../../server/src/modules/reports/excel.js';
import type {
  ParticipationResponse as ParticipationReport,
  ParticipationTeam,
} from '../../server/src/modules/reports/schemas.js';

/**
 * A small programme built by hand, and every figure of the participation and learning reports
 * checked against it; the spreadsheets are read back and compared with the JSON.
 *
 * Teams Alfa (Anna Alfieri, Bruno Bassi) and Beta (Carla Conti, Dario Dini); Elena Esposito is an
 * expert. Sessions (UTC): S1 Alfa 10/01 09–11; S2 every team 05/02 14–15; S3 Beta 01/03 08–09;
 * S5 every team 31/12/2025 23:30 (already 1 January in Rome); S4 Alfa 02/04 (outside Q1);
 * S6 Alfa 31/03 22:30 (1 April in Rome, outside). Both teams were created on 1 December 2025.
 */

const Q1 = 'from=2026-01-01&to=2026-03-31';
/** When Alfa and Beta were created, and their members joined. */
const FOUNDED = '2025-12-01T00:00:00.000Z';

interface Programme {
  teams: { alfa: number; beta: number };
  users: Record<'anna' | 'bruno' | 'carla' | 'dario' | 'elena' | 'olga', number>;
  sessions: Record<'s1' | 's2' | 's3' | 's4' | 's5' | 's6', number>;
  course: number;
  course2: number;
  modules: { m1: number; m2: number };
  lessons: { l1: number; l2: number; l3: number; l4: number };
  emails: Record<string, string>;
}

async function buildProgramme(ctx: TestContext): Promise<Programme> {
  const db = ctx.db;
  const tag = Math.random().toString(36).slice(2, 8);
  const person = async (name: string, surname: string, extra: Record<string, unknown> = {}) => {
    const email = `${name.toLowerCase()}.${tag}@example.test`;
    const u = await ctx.user({ name, surname, email, ...extra });
    return { id: u.id, email };
  };
  const anna = await person('Anna', 'Alfieri');
  const bruno = await person('Bruno', 'Bassi');
  const carla = await person('Carla', 'Conti');
  const dario = await person('Dario', 'Dini');
  const elena = await person('Elena', 'Esposito', { is_expert: 1, expert_access: 'complete' });
  const olga = await person('Olga', 'Orsini');
  // Created before the programme: every session for every team is theirs.
  const team = async (name: string) =>
    (await db.insertInto('teams').values({ name, created_at: FOUNDED }).returning('id').executeTakeFirstOrThrow()).id;
  const alfa = await team(`Alfa ${tag}`);
  const beta = await team(`Beta ${tag}`);
  await db
    .insertInto('team_members')
    .values([
      { team_id: alfa, user_id: anna.id, joined_at: FOUNDED },
      { team_id: alfa, user_id: bruno.id, joined_at: FOUNDED },
      { team_id: beta, user_id: carla.id, joined_at: FOUNDED },
      { team_id: beta, user_id: dario.id, joined_at: FOUNDED },
    ])
    .execute();
  const session = async (name: string, start: string, end: string | null, teamId: number | null) => {
    const id = (
      await db
        .insertInto('sessions')
        .values({
          name,
          type: 'meet',
          description: name,
          start_time: start,
          end_time: end,
          join_instructions: 'Meet',
          join_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    if (teamId) await db.insertInto('session_teams').values({ session_id: id, team_id: teamId }).execute();
    await db.insertInto('session_experts').values({ session_id: id, user_id: elena.id }).execute();
    return id;
  };
  const s1 = await session(`Kick-off ${tag}`, '2026-01-10T09:00:00.000Z', '2026-01-10T11:00:00.000Z', alfa);
  const s2 = await session(`Plenaria ${tag}`, '2026-02-05T14:00:00.000Z', '2026-02-05T15:00:00.000Z', null);
  const s3 = await session(`Mentoring ${tag}`, '2026-03-01T08:00:00.000Z', '2026-03-01T09:00:00.000Z', beta);
  const s4 = await session(`Aprile ${tag}`, '2026-04-02T09:00:00.000Z', '2026-04-02T10:00:00.000Z', alfa);
  const s5 = await session(`Capodanno ${tag}`, '2025-12-31T23:30:00.000Z', '2026-01-01T00:30:00.000Z', null);
  const s6 = await session(`Notte ${tag}`, '2026-03-31T22:30:00.000Z', '2026-03-31T23:30:00.000Z', alfa);

  let key = 0;
  const row = (
    sessionId: number,
    userId: number | null,
    joined: string | null,
    left: string | null,
    name: string | null = null,
    email: string | null = null,
  ) => ({
    session_id: sessionId,
    user_id: userId,
    name,
    email,
    joined_at: joined,
    left_at: left,
    source: 'csv',
    external_key: `k${++key}`,
  });
  await db
    .insertInto('attendances')
    .values([
      // S1 09:00–11:00: Anna's overlapping rows merge into 09:00–10:30, plus 10:45–11:00 clipped → 105 min.
      row(s1, anna.id, '2026-01-10T08:50:00.000Z', '2026-01-10T10:00:00.000Z'),
      row(s1, anna.id, '2026-01-10T09:30:00.000Z', '2026-01-10T10:30:00.000Z'),
      row(s1, anna.id, '2026-01-10T10:45:00.000Z', '2026-01-10T11:30:00.000Z'),
      row(s1, elena.id, '2026-01-10T09:00:00.000Z', '2026-01-10T10:00:00.000Z'),
      // One guest, two overlapping rows (e-mail in two cases) → 09:10–09:50 = 40 min, listed once.
      row(s1, null, '2026-01-10T09:10:00.000Z', '2026-01-10T09:40:00.000Z', 'Ospite', 'guest@example.org'),
      row(s1, null, '2026-01-10T09:35:00.000Z', '2026-01-10T09:50:00.000Z', 'Ospite', 'GUEST@example.org'),
      // Dario (Beta) drops into an Alfa-only session: expected nowhere, counted nowhere.
      row(s1, dario.id, '2026-01-10T09:00:00.000Z', '2026-01-10T09:20:00.000Z'),
      // S2 14:00–15:00 for every team.
      row(s2, anna.id, '2026-02-05T14:00:00.000Z', '2026-02-05T14:30:00.000Z'),
      row(s2, bruno.id, '2026-02-05T13:50:00.000Z', '2026-02-05T14:10:00.000Z'),
      row(s2, carla.id, null, null),
      row(s2, elena.id, '2026-02-05T14:00:00.000Z', '2026-02-05T15:00:00.000Z'),
      row(s2, null, '2026-02-05T14:00:00.000Z', '2026-02-05T14:20:00.000Z', 'Mario Anonimo', null),
      // S3 Beta 08:00–09:00: Carla stays past the end → 30 min.
      row(s3, carla.id, '2026-03-01T08:30:00.000Z', '2026-03-01T09:30:00.000Z'),
      // S5 (1 January in Rome): Bruno 30 min.
      row(s5, bruno.id, '2025-12-31T23:30:00.000Z', '2026-01-01T00:00:00.000Z'),
      // Outside the quarter.
      row(s4, anna.id, '2026-04-02T09:00:00.000Z', '2026-04-02T10:00:00.000Z'),
      row(s6, anna.id, '2026-03-31T22:30:00.000Z', '2026-03-31T23:30:00.000Z'),
      row(s6, null, '2026-03-31T22:30:00.000Z', '2026-03-31T23:30:00.000Z', 'Tardivo', 'late@example.org'),
    ])
    .execute();

  const course = (
    await db
      .insertInto('courses')
      .values({ name: `Fondamenti ${tag}`, description: 'Corso', published: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const course2 = (
    await db
      .insertInto('courses')
      .values({ name: `Avanzato ${tag}`, description: 'Corso', published: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const mod = async (courseId: number, name: string, position: number) =>
    (
      await db
        .insertInto('modules')
        .values({ course_id: courseId, name, position })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const m1 = await mod(course, 'Primo modulo', 1);
  const m2 = await mod(course, 'Secondo modulo', 2);
  const m3 = await mod(course2, 'Unico modulo', 1);
  const lesson = async (moduleId: number, name: string, position: number, length: number | null) =>
    (
      await db
        .insertInto('lessons')
        .values({ module_id: moduleId, name, position, video_url: 'https://example.test/v.mp4', video_length: length })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const l1 = await lesson(m1, 'Introduzione', 1, 600);
  const l2 = await lesson(m1, 'Mercato', 2, 300);
  const l3 = await lesson(m2, 'Finanza', 1, null);
  const l4 = await lesson(m3, 'Scalare', 1, 100);
  const progress = (
    userId: number,
    lessonId: number,
    position: number,
    covered: number,
    completed: number,
    at: string,
  ) => ({
    user_id: userId,
    lesson_id: lessonId,
    position,
    watched: '[]',
    covered_seconds: covered,
    completed,
    last_sync_ms: 0,
    version: 1,
    updated_at: at,
  });
  await db
    .insertInto('lesson_progress')
    .values([
      progress(anna.id, l1, 590, 600, 1, '2026-02-01T10:00:00.000Z'),
      progress(anna.id, l2, 150, 150, 0, '2026-02-02T10:00:00.000Z'),
      progress(bruno.id, l3, 120, 120, 0, '2026-01-15T10:00:00.000Z'),
      progress(olga.id, l1, 60, 60, 0, '2026-01-20T10:00:00.000Z'),
      progress(carla.id, l4, 100, 100, 1, '2026-01-21T10:00:00.000Z'),
    ])
    .execute();

  return {
    teams: { alfa, beta },
    users: { anna: anna.id, bruno: bruno.id, carla: carla.id, dario: dario.id, elena: elena.id, olga: olga.id },
    sessions: { s1, s2, s3, s4, s5, s6 },
    course,
    course2,
    modules: { m1, m2 },
    lessons: { l1, l2, l3, l4 },
    emails: { anna: anna.email, bruno: bruno.email, carla: carla.email, dario: dario.email },
  };
}

/** A date cell as a spreadsheet reads it back: the wall-clock time written as if it were UTC. */
const romeClock = (local: string) => new Date(`${local}Z`);

async function readSheets(payload: Buffer): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    sheets.set(
      sheet.name,
      sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : [])),
    );
  }
  return sheets;
}

describe.each(databases)('programme reports (%s)', (kind) => {
  const ctx = useTestApp(kind);
  let p: Programme;
  let staff: Awaited<ReturnType<TestContext['user']>>;
  let outsider: Awaited<ReturnType<TestContext['user']>>;

  beforeAll(async () => {
    p = await buildProgramme(ctx);
    staff = await ctx.user({}, ['read_reports']);
    outsider = await ctx.user({}, ['read_sessions', 'update_lesosns']);
  });

  const get = (url: string, headers = staff.headers) => ctx.app.inject({ method: 'GET', url, headers });

  it('answers every figure of the participation report', async () => {
    const res = await get(`/api/reports/participation?${Q1}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = body.data.filter((t: { team_id: number }) => [p.teams.alfa, p.teams.beta].includes(t.team_id));
    expect(mine).toEqual([
      {
        team_id: p.teams.alfa,
        team_name: expect.stringMatching(/^Alfa /),
        sessions_expected: 3,
        attendance_rate: 4 / 6,
        members: [
          {
            user_id: p.users.anna,
            name: 'Anna',
            surname: 'Alfieri',
            email: p.emails.anna,
            joined_at: FOUNDED,
            left_at: null,
            sessions_expected: 3,
            sessions_attended: 2,
            minutes_attended: 135,
          },
          {
            user_id: p.users.bruno,
            name: 'Bruno',
            surname: 'Bassi',
            email: p.emails.bruno,
            joined_at: FOUNDED,
            left_at: null,
            sessions_expected: 3,
            sessions_attended: 2,
            minutes_attended: 40,
          },
        ],
        // S1 only: S2 is a session for every team, not time given to Alfa.
        experts: [{ user_id: p.users.elena, name: 'Elena', surname: 'Esposito', minutes_attended: 60 }],
      },
      {
        team_id: p.teams.beta,
        team_name: expect.stringMatching(/^Beta /),
        sessions_expected: 3,
        attendance_rate: 2 / 6,
        members: [
          {
            user_id: p.users.carla,
            name: 'Carla',
            surname: 'Conti',
            email: p.emails.carla,
            joined_at: FOUNDED,
            left_at: null,
            sessions_expected: 3,
            sessions_attended: 2,
            minutes_attended: 30,
          },
          {
            user_id: p.users.dario,
            name: 'Dario',
            surname: 'Dini',
            email: p.emails.dario,
            joined_at: FOUNDED,
            left_at: null,
            sessions_expected: 3,
            sessions_attended: 0,
            minutes_attended: 0,
          },
        ],
        experts: [],
      },
    ]);
    expect(body.meta.from).toBe('2026-01-01');
    expect(body.meta.to).toBe('2026-03-31');
    expect(body.meta.attendance_rate).toBe(6 / 12);
    expect(body.meta.unmatched).toEqual([
      {
        session_id: p.sessions.s1,
        session_name: expect.stringMatching(/^Kick-off/),
        session_start: '2026-01-10T09:00:00.000Z',
        name: 'Ospite',
        email: 'guest@example.org',
        minutes_attended: 40,
      },
      {
        session_id: p.sessions.s2,
        session_name: expect.stringMatching(/^Plenaria/),
        session_start: '2026-02-05T14:00:00.000Z',
        name: 'Mario Anonimo',
        email: null,
        minutes_attended: 20,
      },
    ]);
  });

  it('filters one team: its sessions, its members, its unmatched attendees', async () => {
    const res = await get(`/api/reports/participation?${Q1}&filter[team_id]=${p.teams.beta}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ team_id: p.teams.beta, sessions_expected: 3, attendance_rate: 2 / 6 });
    expect(body.data[0].members.map((m: { sessions_attended: number }) => m.sessions_attended)).toEqual([2, 0]);
    expect(body.meta.attendance_rate).toBe(2 / 6);
    expect(body.meta.unmatched.map((u: { name: string }) => u.name)).toEqual(['Mario Anonimo']);
  });

  it('counts Europe/Rome calendar days: 1 April in Rome is outside the quarter, inside April', async () => {
    const april = (
      await get(`/api/reports/participation?from=2026-04-01&to=2026-04-30&filter[team_id]=${p.teams.alfa}`)
    ).json();
    expect(april.data[0].sessions_expected).toBe(2);
    expect(april.data[0].members[0]).toMatchObject({
      user_id: p.users.anna,
      sessions_attended: 2,
      minutes_attended: 120,
    });
    expect(april.meta.unmatched.map((u: { name: string }) => u.name)).toEqual(['Tardivo']);
    const december = (
      await get(`/api/reports/participation?from=2025-12-01&to=2025-12-31&filter[team_id]=${p.teams.alfa}`)
    ).json();
    // Nothing to measure is not a 0 % that reads as absence.
    expect(december.data[0]).toMatchObject({ sessions_expected: 0, attendance_rate: null });
    expect(december.meta.attendance_rate).toBeNull();
  });

  it("counts only the sessions already held: one still to come is nobody's absence", async () => {
    const saved = ctx.app.now;
    // After S1 (10 January) and before the plenary of 5 February.
    ctx.app.now = () => Date.parse('2026-02-01T12:00:00.000Z');
    try {
      const alfa = (await get(`/api/reports/participation?${Q1}&filter[team_id]=${p.teams.alfa}`)).json();
      expect(alfa.data[0].sessions_expected).toBe(2);
      expect(alfa.data[0].members.map((m: { sessions_expected: number }) => m.sessions_expected)).toEqual([2, 2]);
      const beta = (await get(`/api/reports/participation?${Q1}&filter[team_id]=${p.teams.beta}`)).json();
      // Only the New Year session for every team has been held; Beta's own is in March.
      expect(beta.data[0].sessions_expected).toBe(1);
    } finally {
      ctx.app.now = saved;
    }
  });

  it('expects a team only at the sessions for every team that start at or after its creation', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    // Delta is created the instant the plenary S2 starts (expected there), Gamma a millisecond later
    // (not expected there); both after the New Year session S5. A member of each attended S2.
    const delta = (
      await ctx.db
        .insertInto('teams')
        .values({ name: `Delta ${tag}`, created_at: '2026-02-05T14:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const gamma = (
      await ctx.db
        .insertInto('teams')
        .values({ name: `Gamma ${tag}`, created_at: '2026-02-05T14:00:00.001Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const dina = await ctx.user({ name: 'Dina', surname: 'Delta' });
    const gino = await ctx.user({ name: 'Gino', surname: 'Gamma' });
    await ctx.db
      .insertInto('team_members')
      .values([
        { team_id: delta, user_id: dina.id, joined_at: '2026-02-05T14:00:00.000Z' },
        { team_id: gamma, user_id: gino.id, joined_at: '2026-02-05T14:00:00.001Z' },
      ])
      .execute();
    await ctx.db
      .insertInto('attendances')
      .values(
        [dina, gino].map((u) => ({
          session_id: p.sessions.s2,
          user_id: u.id,
          name: null,
          email: null,
          joined_at: '2026-02-05T14:00:00.000Z',
          left_at: '2026-02-05T14:30:00.000Z',
          source: 'csv',
          external_key: `late-${tag}-${u.id}`,
        })),
      )
      .execute();
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-04-01T10:00:00.000Z');
    try {
      const all = (await get(`/api/reports/participation?${Q1}`)).json();
      const figures = (id: number) => all.data.find((t: { team_id: number }) => t.team_id === id);
      expect(figures(delta)).toMatchObject({
        sessions_expected: 1,
        attendance_rate: 1,
        members: [expect.objectContaining({ sessions_expected: 1, sessions_attended: 1, minutes_attended: 30 })],
      });
      // Gino's presence at S2 is not Gamma's: nothing expected, nothing attended.
      expect(figures(gamma)).toMatchObject({
        sessions_expected: 0,
        attendance_rate: null,
        members: [expect.objectContaining({ sessions_expected: 0, sessions_attended: 0, minutes_attended: 0 })],
      });
      // Alfa and Beta as before (6 of 12), plus Delta's 1 of 1.
      expect(figures(p.teams.alfa).sessions_expected).toBe(3);
      expect(all.meta.attendance_rate).toBe(7 / 13);

      const one = (id: number) =>
        get(`/api/reports/participation?${Q1}&filter[team_id]=${id}`).then((res) => res.json());
      const onlyGamma = await one(gamma);
      expect(onlyGamma.data[0]).toMatchObject({ sessions_expected: 0, attendance_rate: null });
      expect(onlyGamma.meta).toMatchObject({ attendance_rate: null, unmatched: [] });
      const onlyDelta = await one(delta);
      expect(onlyDelta.data[0]).toMatchObject({ sessions_expected: 1, attendance_rate: 1 });
      expect(onlyDelta.meta.unmatched.map((u: { name: string }) => u.name)).toEqual(['Mario Anonimo']);

      // The spreadsheet's summary says the same.
      const sheets = await readSheets((await get(`/api/reports/participation/excel?${Q1}`)).rawPayload);
      const summaryOf = (id: number) =>
        sheets
          .get('Riepilogo')!
          .find((row) => row?.[0] === figures(id).team_name)!
          .slice(1, 5);
      expect(summaryOf(delta)).toEqual([1, 1, 1, 1]);
      expect(summaryOf(gamma)).toEqual([1, 0, 0, 0]);

      // And the dashboard's February.
      const february = (await get('/api/reports/dashboard'))
        .json()
        .data.attendance_by_month.find((m: { month: string }) => m.month === '2026-02');
      const report = (await get(`/api/reports/participation?from=${february.from}&to=${february.to}`)).json();
      expect(february.attendance_rate).toBe(report.meta.attendance_rate);
      expect(report.data.find((t: { team_id: number }) => t.team_id === gamma).sessions_expected).toBe(0);
    } finally {
      ctx.app.now = saved;
      await ctx.db.deleteFrom('attendances').where('external_key', 'like', `late-${tag}-%`).execute();
      await ctx.db.deleteFrom('team_members').where('team_id', 'in', [delta, gamma]).execute();
      await ctx.db.deleteFrom('teams').where('id', 'in', [delta, gamma]).execute();
    }
  });

  it('expects a member added later only at the sessions from then on', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const admin = await ctx.user({}, ['read_reports', 'update_teams', 'read_teams']);
    const ugo = await ctx.user({ name: 'Ugo', surname: 'Ultimo' });
    const saved = ctx.app.now;
    try {
      // Added to Beta on 20 February, through the API: after S2 (5 February, every team), before
      // S3 (1 March, Beta's own). He was at both.
      ctx.app.now = () => Date.parse('2026-02-20T10:00:00.000Z');
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${p.teams.beta}/users/${ugo.id}`,
        headers: admin.headers,
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.find((m: { id: number }) => m.id === ugo.id).joined_at).toBe('2026-02-20T10:00:00.000Z');
      await ctx.db
        .insertInto('attendances')
        .values(
          [p.sessions.s2, p.sessions.s3].map((session_id) => ({
            session_id,
            user_id: ugo.id,
            name: null,
            email: null,
            joined_at: null,
            left_at: null,
            source: 'csv',
            external_key: `ugo-${tag}-${session_id}`,
          })),
        )
        .execute();

      ctx.app.now = () => Date.parse('2026-04-01T10:00:00.000Z');
      const beta = (await get(`/api/reports/participation?${Q1}&filter[team_id]=${p.teams.beta}`)).json();
      expect(beta.data[0].sessions_expected).toBe(3);
      expect(beta.data[0].members.find((m: { user_id: number }) => m.user_id === ugo.id)).toMatchObject({
        joined_at: '2026-02-20T10:00:00.000Z',
        sessions_expected: 1,
        sessions_attended: 1,
      });
      // Carla 2 of 3, Dario 0 of 3, Ugo 1 of 1.
      expect(beta.data[0].attendance_rate).toBe(3 / 7);

      // The spreadsheet's summary and the dashboard's months count him the same way.
      const sheets = await readSheets(
        (await get(`/api/reports/participation/excel?${Q1}&filter[team_id]=${p.teams.beta}`)).rawPayload,
      );
      expect(sheets.get('Riepilogo')![5].slice(1, 5)).toEqual([3, 3, 7, 3]);
      const months = (await get('/api/reports/dashboard')).json().data.attendance_by_month;
      for (const month of months.filter((m: { month: string }) => ['2026-02', '2026-03'].includes(m.month))) {
        const report = (await get(`/api/reports/participation?from=${month.from}&to=${month.to}`)).json();
        expect(month.attendance_rate, month.month).toBe(report.meta.attendance_rate);
      }

      // He had in fact joined on 1 February: once his date says so, S2 counts for him too.
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${p.teams.beta}/users/${ugo.id}`,
        headers: admin.headers,
        payload: { joined_on: '2026-02-01' },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.find((m: { id: number }) => m.id === ugo.id).joined_at).toBe('2026-01-31T23:00:00.000Z');
      const corrected = (await get(`/api/reports/participation?${Q1}&filter[team_id]=${p.teams.beta}`)).json();
      expect(corrected.data[0].members.find((m: { user_id: number }) => m.user_id === ugo.id)).toMatchObject({
        sessions_expected: 2,
        sessions_attended: 2,
      });
      expect(corrected.data[0].attendance_rate).toBe(4 / 8);
    } finally {
      ctx.app.now = saved;
      await ctx.db.deleteFrom('attendances').where('external_key', 'like', `ugo-${tag}-%`).execute();
      await ctx.db.deleteFrom('team_members').where('user_id', '=', ugo.id).execute();
    }
  });

  it('keeps a member who left in the reports of the time they were in the team, once per stay', async () => {
    const admin = await ctx.user({}, ['read_reports', 'update_teams', 'read_teams']);
    const saved = ctx.app.now;
    const betaReport = async (range = Q1) =>
      (await get(`/api/reports/participation?${range}&filter[team_id]=${p.teams.beta}`)).json();
    type Row = {
      user_id: number;
      joined_at: string;
      left_at: string | null;
      sessions_expected: number;
      sessions_attended: number;
    };
    const carlaRows = (report: { data: Array<{ members: Row[] }> }) =>
      report.data[0].members.filter((m) => m.user_id === p.users.carla);
    try {
      // Carla leaves Beta on 20 February: after S5 (1 January) and S2 (5 February, both for every
      // team, she attended S2), before S3 (1 March, Beta's own, which she attended all the same).
      ctx.app.now = () => Date.parse('2026-02-20T10:00:00.000Z');
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/teams/${p.teams.beta}/users/${p.users.carla}`,
        headers: admin.headers,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.map((m: { id: number }) => m.id)).not.toContain(p.users.carla);

      ctx.app.now = () => Date.parse('2026-04-01T10:00:00.000Z');
      const afterLeaving = await betaReport();
      expect(afterLeaving.data[0].sessions_expected).toBe(3);
      expect(carlaRows(afterLeaving)).toEqual([
        expect.objectContaining({
          joined_at: FOUNDED,
          left_at: '2026-02-20T10:00:00.000Z',
          sessions_expected: 2,
          sessions_attended: 1,
        }),
      ]);
      expect(afterLeaving.data[0].members.find((m: { user_id: number }) => m.user_id === p.users.dario)).toMatchObject({
        left_at: null,
        sessions_expected: 3,
      });
      // Carla 1 of 2, Dario 0 of 3.
      expect(afterLeaving.data[0].attendance_rate).toBe(1 / 5);
      // A span after she left does not list her.
      expect(carlaRows(await betaReport('from=2026-03-01&to=2026-03-31'))).toEqual([]);

      // She comes back from 1 March (Rome): S3 is hers again, in a second stay.
      ctx.app.now = () => Date.parse('2026-03-10T10:00:00.000Z');
      const back = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${p.teams.beta}/users/${p.users.carla}`,
        headers: admin.headers,
        payload: { joined_on: '2026-03-01' },
      });
      expect(back.statusCode).toBe(201);
      ctx.app.now = () => Date.parse('2026-04-01T10:00:00.000Z');
      const afterReturning = await betaReport();
      expect(
        carlaRows(afterReturning).map((m) => [m.joined_at, m.left_at, m.sessions_expected, m.sessions_attended]),
      ).toEqual([
        [FOUNDED, '2026-02-20T10:00:00.000Z', 2, 1],
        ['2026-02-28T23:00:00.000Z', null, 1, 1],
      ]);
      expect(afterReturning.data[0].attendance_rate).toBe(2 / 6);
      expect(carlaRows(await betaReport('from=2026-03-01&to=2026-03-31'))).toHaveLength(1);

      // The spreadsheet counts people, not stays, and says when each stay ended; the dashboard's
      // months agree with the report.
      const sheets = await readSheets(
        (await get(`/api/reports/participation/excel?${Q1}&filter[team_id]=${p.teams.beta}`)).rawPayload,
      );
      expect(sheets.get('Riepilogo')![5].slice(1, 5)).toEqual([2, 3, 6, 2]);
      const teamSheet = sheets.get(afterReturning.data[0].team_name)!;
      expect(teamSheet[4]).toEqual([
        'Cognome',
        'Nome',
        'Email',
        'Nel team dal',
        'Nel team fino al',
        'Sessioni previste',
        'Sessioni frequentate',
        'Minuti',
      ]);
      expect(teamSheet.slice(5, 7).map((row) => row.slice(3, 6))).toEqual([
        [romeClock('2025-12-01T01:00:00'), romeClock('2026-02-20T11:00:00'), 2],
        [romeClock('2026-03-01T00:00:00'), undefined, 1],
      ]);
      const months = (await get('/api/reports/dashboard')).json().data.attendance_by_month;
      for (const month of months.filter((m: { month: string }) =>
        ['2026-01', '2026-02', '2026-03'].includes(m.month),
      )) {
        const report = (await get(`/api/reports/participation?from=${month.from}&to=${month.to}`)).json();
        expect(month.attendance_rate, month.month).toBe(report.meta.attendance_rate);
      }
    } finally {
      ctx.app.now = saved;
      await ctx.db.deleteFrom('past_team_members').where('team_id', '=', p.teams.beta).execute();
      await ctx.db
        .deleteFrom('team_members')
        .where('team_id', '=', p.teams.beta)
        .where('user_id', '=', p.users.carla)
        .execute();
      await ctx.db
        .insertInto('team_members')
        .values({ team_id: p.teams.beta, user_id: p.users.carla, joined_at: FOUNDED })
        .execute();
    }
  });

  it('forgets the stays of a deleted team or person', async () => {
    const admin = await ctx.user({}, ['update_teams', 'read_teams']);
    const leaver = await ctx.user({ name: 'Lia', surname: 'Lascia' });
    const team = (
      await ctx.db
        .insertInto('teams')
        .values({ name: `Breve ${Math.random()}`, created_at: FOUNDED })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const other = (
      await ctx.db
        .insertInto('teams')
        .values({ name: `Altro ${Math.random()}`, created_at: FOUNDED })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const id of [team, other]) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/teams/${id}/users/${leaver.id}`, headers: admin.headers }))
          .statusCode,
      ).toBe(201);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/teams/${id}/users/${leaver.id}`, headers: admin.headers }))
          .statusCode,
      ).toBe(200);
    }
    const stays = () =>
      ctx.db
        .selectFrom('past_team_members')
        .select('team_id')
        .where('user_id', '=', leaver.id)
        .orderBy('team_id')
        .execute();
    expect(await stays()).toEqual([{ team_id: team }, { team_id: other }]);
    await ctx.db.deleteFrom('teams').where('id', '=', team).execute();
    expect(await stays()).toEqual([{ team_id: other }]);
    await ctx.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    expect(await stays()).toEqual([]);
    await ctx.db.deleteFrom('teams').where('id', '=', other).execute();
  });

  it('defaults to the current quarter and refuses bad input with Italian messages', async () => {
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-02-10T12:00:00.000Z');
    try {
      const res = await get(`/api/reports/participation?filter[team_id]=${p.teams.alfa}`);
      expect(res.json().meta).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
      expect(res.json().data[0].sessions_expected).toBe(3);
    } finally {
      ctx.app.now = saved;
    }
    const bad = await get('/api/reports/participation?from=2026-02-30&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['La data di inizio deve essere una data valida (AAAA-MM-GG).']);
    const reversed = await get('/api/reports/participation?from=2026-03-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['La data di fine non può precedere la data di inizio.']);
    const team = await get('/api/reports/participation?filter[team_id]=abc');
    expect(team.statusCode).toBe(422);
    expect(team.json().errors.team_id).toEqual(['Il filtro team non è valido.']);
    expect((await get('/api/reports/participation?filter[team_id]=999999')).statusCode).toBe(404);
  });

  it('writes participation.xlsx with the same figures as the JSON', async () => {
    const url = `/api/reports/participation/excel?${Q1}&filter[team_id]=${p.teams.alfa}`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="participation.xlsx"');
    const json = (await get(url.replace('/excel', ''))).json();
    const sheets = await readSheets(res.rawPayload);
    const team = json.data[0];
    const summary = sheets.get('Riepilogo')!;
    expect(summary[1][0]).toBe('Report di partecipazione');
    expect(summary[2][0]).toBe('Periodo: 01/01/2026 – 31/03/2026');
    expect(summary[4]).toEqual([
      'Team',
      'Membri',
      'Sessioni previste',
      'Presenze previste',
      'Presenze',
      'Tasso di partecipazione',
      'Minuti membri',
      'Minuti esperti',
    ]);
    expect(summary[5]).toEqual([team.team_name, 2, 3, 6, 4, team.attendance_rate, 175, 60]);
    const teamSheet = sheets.get(team.team_name)!;
    expect(teamSheet[2][0]).toBe('Periodo: 01/01/2026 – 31/03/2026');
    expect(teamSheet.slice(5)).toEqual(
      team.members.map((m: Record<string, unknown>) => [
        m.surname,
        m.name,
        m.email,
        romeClock('2025-12-01T01:00:00'),
        undefined,
        m.sessions_expected,
        m.sessions_attended,
        m.minutes_attended,
      ]),
    );
    const unmatched = sheets.get('Non riconosciuti')!;
    expect(unmatched.slice(5)).toEqual([
      // Real date cells, showing Rome's wall clock (S1 starts at 09:00 UTC).
      [expect.stringMatching(/^Kick-off/), romeClock('2026-01-10T10:00:00'), 'Ospite', 'guest@example.org', 40],
      [expect.stringMatching(/^Plenaria/), romeClock('2026-02-05T15:00:00'), 'Mario Anonimo', undefined, 20], // no e-mail: an empty cell
    ]);
    expect(unmatched.slice(5).map((row) => row[4])).toEqual(
      json.meta.unmatched.map((u: { minutes_attended: number }) => u.minutes_attended),
    );

    // How the cells show: a bold title and header, the rate as a percentage, dates to the second.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const riepilogo = workbook.getWorksheet('Riepilogo')!;
    expect(riepilogo.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    expect(riepilogo.getCell('A2').font?.bold).toBeFalsy();
    expect(riepilogo.getRow(4).getCell(8).font?.bold).toBe(true);
    expect(riepilogo.getCell('F5').numFmt).toBe('0.0%');
    expect(riepilogo.getCell('A5').font?.bold).toBeFalsy();
    expect(workbook.getWorksheet('Non riconosciuti')!.getCell('B6').numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(workbook.getWorksheet(team.team_name)!.getCell('D6').numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(workbook.getWorksheet(team.team_name)!.getCell('E6').numFmt ?? 'General').toBe('General');
  });

  it('answers every figure of the learning report, with and without a team', async () => {
    const all = await get(`/api/reports/learning?filter[course_id]=${p.course}`);
    expect(all.statusCode).toBe(200);
    const rows = all.json().data.filter((r: { user_id: number }) => Object.values(p.users).includes(r.user_id));
    expect(all.json().meta).toEqual({
      course_id: p.course,
      course_name: expect.stringMatching(/^Fondamenti/),
      lessons_total: 3,
    });
    const teamNames = (id: number) => [
      id === p.teams.alfa ? expect.stringMatching(/^Alfa/) : expect.stringMatching(/^Beta/),
    ];
    expect(rows).toEqual([
      {
        user_id: p.users.anna,
        name: 'Anna',
        surname: 'Alfieri',
        email: p.emails.anna,
        team_names: teamNames(p.teams.alfa),
        lessons_completed: 1,
        lessons_total: 3,
        completion_percentage: 33,
        watched_minutes: 13,
        last_activity_at: '2026-02-02T10:00:00.000Z',
      },
      {
        user_id: p.users.bruno,
        name: 'Bruno',
        surname: 'Bassi',
        email: p.emails.bruno,
        team_names: teamNames(p.teams.alfa),
        lessons_completed: 0,
        lessons_total: 3,
        completion_percentage: 0,
        watched_minutes: 2,
        last_activity_at: '2026-01-15T10:00:00.000Z',
      },
      {
        user_id: p.users.carla,
        name: 'Carla',
        surname: 'Conti',
        email: p.emails.carla,
        team_names: teamNames(p.teams.beta),
        lessons_completed: 0,
        lessons_total: 3,
        completion_percentage: 0,
        watched_minutes: 0,
        last_activity_at: null,
      },
      {
        user_id: p.users.dario,
        name: 'Dario',
        surname: 'Dini',
        email: p.emails.dario,
        team_names: teamNames(p.teams.beta),
        lessons_completed: 0,
        lessons_total: 3,
        completion_percentage: 0,
        watched_minutes: 0,
        last_activity_at: null,
      },
      // No team, but progress in the course.
      {
        user_id: p.users.olga,
        name: 'Olga',
        surname: 'Orsini',
        email: expect.any(String),
        team_names: [],
        lessons_completed: 0,
        lessons_total: 3,
        completion_percentage: 0,
        watched_minutes: 1,
        last_activity_at: '2026-01-20T10:00:00.000Z',
      },
    ]);
    const alfa = (
      await get(`/api/reports/learning?filter[course_id]=${p.course}&filter[team_id]=${p.teams.alfa}`)
    ).json();
    expect(alfa.data.map((r: { user_id: number }) => r.user_id)).toEqual([p.users.anna, p.users.bruno]);

    const detail = await get(`/api/reports/learning/learners/${p.users.anna}?filter[course_id]=${p.course}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual([
      {
        lesson_id: p.lessons.l1,
        lesson_name: 'Introduzione',
        module_id: p.modules.m1,
        module_name: 'Primo modulo',
        video_length: 600,
        covered_seconds: 600,
        coverage_percentage: 100,
        resume_position: 590,
        completed: true,
        updated_at: '2026-02-01T10:00:00.000Z',
      },
      {
        lesson_id: p.lessons.l2,
        lesson_name: 'Mercato',
        module_id: p.modules.m1,
        module_name: 'Primo modulo',
        video_length: 300,
        covered_seconds: 150,
        coverage_percentage: 50,
        resume_position: 150,
        completed: false,
        updated_at: '2026-02-02T10:00:00.000Z',
      },
      {
        lesson_id: p.lessons.l3,
        lesson_name: 'Finanza',
        module_id: p.modules.m2,
        module_name: 'Secondo modulo',
        video_length: null,
        covered_seconds: 0,
        coverage_percentage: null,
        resume_position: 0,
        completed: false,
        updated_at: null,
      },
    ]);
    expect((await get('/api/reports/learning')).statusCode).toBe(422);
    expect((await get('/api/reports/learning')).json().errors.course_id).toEqual([
      'Il filtro videocorso è obbligatorio.',
    ]);
    expect((await get('/api/reports/learning?filter[course_id]=999999')).statusCode).toBe(404);
  });

  it('writes learning.xlsx with the same figures as the JSON', async () => {
    const url = `/api/reports/learning/excel?filter[course_id]=${p.course}&filter[team_id]=${p.teams.alfa}`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="learning.xlsx"');
    const json = (await get(url.replace('/excel', ''))).json();
    const sheet = (await readSheets(res.rawPayload)).get('Apprendimento')!;
    expect(sheet[4]).toEqual([
      'Cognome',
      'Nome',
      'Email',
      'Team',
      'Lezioni completate',
      'Lezioni totali',
      'Completamento %',
      'Minuti visti',
      'Ultima attività',
    ]);
    expect(sheet.slice(5)).toEqual(
      json.data.map((r: Record<string, unknown>) => [
        r.surname,
        r.name,
        r.email,
        (r.team_names as string[]).join(', '),
        r.lessons_completed,
        r.lessons_total,
        r.completion_percentage,
        r.watched_minutes,
        romeClock(r.user_id === p.users.anna ? '2026-02-02T11:00:00' : '2026-01-15T11:00:00'),
      ]),
    );
  });

  it('refuses every report without read_reports (403)', async () => {
    for (const url of [
      `/api/reports/participation?${Q1}`,
      `/api/reports/participation/excel?${Q1}`,
      `/api/reports/learning?filter[course_id]=${p.course}`,
      `/api/reports/learning/excel?filter[course_id]=${p.course}`,
      `/api/reports/learning/learners/${p.users.anna}?filter[course_id]=${p.course}`,
      '/api/reports/dashboard',
    ]) {
      expect((await get(url, outsider.headers)).statusCode, url).toBe(403);
    }
  });

  it('builds the dashboard from the same figures as the reports', async () => {
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-04-01T10:00:00.000Z'); // Wednesday, 1 April in Rome
    try {
      const res = await get('/api/reports/dashboard');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      // This week (30 March – 5 April): S6 (1 April in Rome) and S4.
      expect(data.sessions).toEqual({
        this_week: 2,
        next_week: 0,
        this_week_from: '2026-03-30',
        next_week_from: '2026-04-06',
      });
      expect(data.attendance_by_month.map((m: { month: string }) => m.month)).toEqual([
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
      ]);
      for (const month of data.attendance_by_month) {
        const report = (await get(`/api/reports/participation?from=${month.from}&to=${month.to}`)).json();
        expect(month.attendance_rate, month.month).toBe(report.meta.attendance_rate);
      }
      // The comparison means something: the programme's months have partial attendance.
      expect(
        data.attendance_by_month.some(
          (m: { attendance_rate: number }) => m.attendance_rate > 0 && m.attendance_rate < 1,
        ),
      ).toBe(true);
      const february = data.attendance_by_month.find((m: { month: string }) => m.month === '2026-02');
      expect(february.to).toBe('2026-02-28');
      const april = data.attendance_by_month.at(-1);
      expect(april).toMatchObject({ from: '2026-04-01', to: '2026-04-01' });

      // Completion by team: the learning reports of the published courses, summed.
      const alfa = data.completion_by_team.find((t: { team_id: number }) => t.team_id === p.teams.alfa);
      const beta = data.completion_by_team.find((t: { team_id: number }) => t.team_id === p.teams.beta);
      for (const [team, expected] of [
        [alfa, 13],
        [beta, 13],
      ] as const) {
        let done = 0;
        let total = 0;
        for (const course of [p.course, p.course2]) {
          const report = (
            await get(`/api/reports/learning?filter[course_id]=${course}&filter[team_id]=${team.team_id}`)
          ).json();
          for (const row of report.data) {
            done += row.lessons_completed;
            total += row.lessons_total;
          }
        }
        expect(team).toMatchObject({
          members: 2,
          lessons_completed: done,
          lessons_total: total,
          completion_percentage: expected,
        });
      }
    } finally {
      ctx.app.now = saved;
    }
  });

  it('lists the latest imports and re-queues a failed one (update_sessions)', async () => {
    await ctx.db
      .insertInto('attendance_imports')
      .values([
        {
          session_id: p.sessions.s1,
          status: 'done',
          attempts: 3,
          last_error: null,
          next_attempt_at: null,
          updated_at: '2026-01-10T18:00:00.000Z',
        },
        {
          session_id: p.sessions.s2,
          status: 'failed',
          attempts: 7,
          last_error: 'Google ha risposto 403: privilegi mancanti.',
          next_attempt_at: null,
          updated_at: '2026-02-05T22:00:00.000Z',
        },
      ])
      .execute();
    const imports = (await get('/api/reports/dashboard')).json().data.imports;
    expect(imports.slice(0, 2)).toEqual([
      {
        session_id: p.sessions.s2,
        session_name: expect.stringMatching(/^Plenaria/),
        session_start: '2026-02-05T14:00:00.000Z',
        status: 'failed',
        attempts: 7,
        last_error: 'Google ha risposto 403: privilegi mancanti.',
        updated_at: '2026-02-05T22:00:00.000Z',
      },
      expect.objectContaining({ session_id: p.sessions.s1, status: 'done' }),
    ]);
    const retry = (sessionId: number, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `/api/attendance-imports/${sessionId}/retry`, headers });
    expect((await retry(p.sessions.s2, staff.headers)).statusCode).toBe(403);
    const scheduler = await ctx.user({}, ['update_sessions']);
    const saved = ctx.app.now;
    ctx.app.now = () => Date.parse('2026-02-06T08:00:00.000Z');
    try {
      const res = await retry(p.sessions.s2, scheduler.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        session_id: p.sessions.s2,
        status: 'pending',
        attempts: 0,
        last_error: null,
        updated_at: '2026-02-06T08:00:00.000Z',
      });
    } finally {
      ctx.app.now = saved;
    }
    const stored = await ctx.db
      .selectFrom('attendance_imports')
      .selectAll()
      .where('session_id', '=', p.sessions.s2)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'pending', next_attempt_at: null });
    // The re-queueing is in the audit trail, by the person who asked for it; a refused one is not.
    const recorded = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'attendance_import')
      .execute();
    expect(
      recorded.map((r) => ({ actor: r.actor_id, action: r.action, id: r.entity_id, changes: JSON.parse(r.changes) })),
    ).toEqual([
      { actor: scheduler.id, action: 'import', id: p.sessions.s2, changes: { status: ['failed', 'pending'] } },
    ]);
    expect((await retry(p.sessions.s1, scheduler.headers)).statusCode).toBe(409);
    expect((await retry(p.sessions.s3, scheduler.headers)).statusCode).toBe(404);
  });

  it('resets one learner’s progress on one lesson (update_lesosns only)', async () => {
    const url = `/api/courses/${p.course}/modules/${p.modules.m1}/lessons/${p.lessons.l1}/progress/${p.users.anna}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: staff.headers })).statusCode).toBe(403);
    const wrong = `/api/courses/${p.course}/modules/${p.modules.m2}/lessons/${p.lessons.l1}/progress/${p.users.anna}`;
    expect((await ctx.app.inject({ method: 'DELETE', url: wrong, headers: outsider.headers })).statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: outsider.headers });
    expect(res.statusCode).toBe(204);
    const anna = (
      await get(`/api/reports/learning?filter[course_id]=${p.course}&filter[team_id]=${p.teams.alfa}`)
    ).json().data[0];
    expect(anna).toMatchObject({
      lessons_completed: 0,
      completion_percentage: 0,
      watched_minutes: 3,
      last_activity_at: '2026-02-02T10:00:00.000Z',
    });
    const detail = (await get(`/api/reports/learning/learners/${p.users.anna}?filter[course_id]=${p.course}`)).json()
      .data[0];
    expect(detail).toMatchObject({
      lesson_id: p.lessons.l1,
      covered_seconds: 0,
      coverage_percentage: 0,
      resume_position: 0,
      completed: false,
    });
    // Bruno's progress elsewhere is untouched.
    const bruno = await ctx.db
      .selectFrom('lesson_progress')
      .select('covered_seconds')
      .where('user_id', '=', p.users.bruno)
      .execute();
    expect(bruno).toHaveLength(1);
  });

  it('exports the sessions list as shown: search and sort applied, every page, attendance counts', async () => {
    const reader = await ctx.user({}, ['read_sessions']);
    const tag = (
      await ctx.db.selectFrom('sessions').select('name').where('id', '=', p.sessions.s1).executeTakeFirstOrThrow()
    ).name.split(' ')[1];
    const query = `filter[search]=${tag}&sort=name&per_page=2&page=2`;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sessions/excel?${query}`, headers: reader.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sessions.xlsx"');
    const sheet = (await readSheets(res.rawPayload)).get('Sessioni')!;
    expect(sheet[2][0]).toBe('6 sessioni – ricerca "' + tag + '"');
    expect(sheet[4]).toEqual([
      'Nome',
      'Tipo',
      'Inizio',
      'Fine',
      'Team',
      'Esperti',
      'Presenze registrate',
      'Utenti riconosciuti',
    ]);
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/sessions?filter[search]=${tag}&sort=name&per_page=100`,
        headers: reader.headers,
      })
    ).json();
    expect(sheet.slice(5).map((row) => row[0])).toEqual(list.data.map((s: { name: string }) => s.name));
    const kickoff = sheet.slice(5).find((row) => String(row[0]).startsWith('Kick-off'))!;
    expect(kickoff).toEqual([
      expect.stringMatching(/^Kick-off/),
      'Google Meet',
      romeClock('2026-01-10T10:00:00'),
      romeClock('2026-01-10T12:00:00'),
      expect.stringMatching(/^Alfa/),
      'Elena Esposito',
      7,
      3,
    ]);
    const forAll = sheet.slice(5).find((row) => String(row[0]).startsWith('Plenaria'))!;
    expect(forAll[4]).toBe('Tutte le startup');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/sessions/excel', headers: staff.headers })).statusCode,
    ).toBe(403);
  });
});

describe('participation.xlsx sheet names', () => {
  const team = (team_id: number, team_name: string): ParticipationTeam => ({
    team_id,
    team_name,
    sessions_expected: 0,
    attendance_rate: null,
    members: [],
    experts: [],
  });

  it('opens whatever the teams are called: no edge apostrophe, no reserved name, no broken character, no duplicate', async () => {
    const names = [
      "'Apostrofo team'",
      'History',
      'a\tb',
      'a\rb',
      'A B',
      `${'x'.repeat(30)}😀 fine`,
      'Q1: [bilancio]?',
      '\u200b\u200b',
    ];
    const report: ParticipationReport = {
      data: names.map((name, index) => team(index + 1, name)),
      meta: { from: '2026-01-01', to: '2026-03-31', attendance_rate: null, unmatched: [] },
    };
    const sheets = [...(await readSheets(await participationWorkbook(report))).keys()];
    expect(sheets).toEqual([
      'Riepilogo',
      'Apostrofo team',
      'History (2)',
      'a b',
      'a b (2)',
      'A B (3)',
      'x'.repeat(30),
      'Q1 bilancio',
      'Team',
      'Non riconosciuti',
    ]);
  });
});
