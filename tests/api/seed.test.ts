import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/index.js';
import { PERMISSIONS, PERMISSION_NAMES } from '../../server/src/access/permissions.js';
import { seedDemo, seedIfEmpty, wipeData } from '../../server/src/seed/index.js';
import { databases, useTestApp } from './helpers.js';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const VIDEO_DIR = join(import.meta.dirname, '../../server/assets/videos');

async function userByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

async function permissionsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .select('role_permissions.permission_name')
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.permission_name).sort();
}

/** Sessions a team sees: its own plus those with no team at all (valid for every team). */
async function sessionsOfTeam(db: Db, teamId: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('session_teams').select('session_id').where('team_id', '=', teamId)),
        eb.not(
          eb.exists(
            eb
              .selectFrom('session_teams')
              .select('session_id')
              .whereRef('session_teams.session_id', '=', 'sessions.id'),
          ),
        ),
      ]),
    )
    .orderBy('start_time')
    .execute();
}

const TABLES = [
  'users',
  'permissions',
  'roles',
  'role_permissions',
  'user_roles',
  'teams',
  'team_members',
  'past_team_members',
  'expert_teams',
  'sessions',
  'session_experts',
  'session_teams',
  'attendances',
  'attendance_imports',
  'courses',
  'modules',
  'lessons',
  'lesson_progress',
] as const;

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Duration in seconds from the MP4 movie header (mvhd). */
function mp4Seconds(file: string): number {
  const data = readFileSync(file);
  const at = data.indexOf('mvhd');
  if (data[at + 4] === 1) return Number(data.readBigUInt64BE(at + 28)) / data.readUInt32BE(at + 24);
  return data.readUInt32BE(at + 20) / data.readUInt32BE(at + 16);
}

describe.each(databases)('demo seed (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const now = () => new Date().toISOString();

  it('seeds an empty database and reports it', async () => {
    expect(await seedIfEmpty(ctx.db, ctx.config)).toBe(true);
  });

  it('writes the whole permission catalogue, spelled exactly', async () => {
    const rows = await ctx.db.selectFrom('permissions').selectAll().execute();
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(PERMISSION_NAMES));
    expect(names).toContain('update_lesosns');
    expect(names).not.toContain('update_lessons');
    for (const row of rows) expect(row.description).toBe(PERMISSIONS[row.name as keyof typeof PERMISSIONS]);
  });

  it('builds the four roles from the catalogue', async () => {
    const roles = await ctx.db.selectFrom('roles').select(['id', 'name', 'description']).execute();
    expect(roles.map((r) => r.name).sort()).toEqual([
      'Amministratore',
      'Coordinatore programma',
      'Gestore contenuti',
      'Sviluppatore',
    ]);
    for (const role of roles) expect(role.description.length).toBeGreaterThan(10);
    const content = roles.find((r) => r.name === 'Gestore contenuti')!;
    const perms = await ctx.db
      .selectFrom('role_permissions')
      .select('permission_name')
      .where('role_id', '=', content.id)
      .execute();
    expect(perms.map((p) => p.permission_name)).toEqual(
      expect.arrayContaining(['read_courses', 'create_modules', 'create_lessons', 'update_lesosns']),
    );
  });

  it('gives every team coordinator the role "Coordinatore programma" (a coordinator candidate)', async () => {
    const owners = await ctx.db.selectFrom('teams').select('owner_id').distinct().execute();
    expect(owners.length).toBeGreaterThanOrEqual(2);
    for (const { owner_id } of owners) {
      const roles = await ctx.db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('roles.name')
        .where('user_roles.user_id', '=', owner_id!)
        .execute();
      expect(
        roles.map((r) => r.name),
        `owner ${String(owner_id)}`,
      ).toContain('Coordinatore programma');
    }
  });

  it('gives admin@example.com every permission but developer, and dev@example.com developer', async () => {
    const admin = await userByEmail(ctx.db, 'admin@example.com');
    expect(await permissionsOf(ctx.db, admin.id)).toEqual(PERMISSION_NAMES.filter((p) => p !== 'developer').sort());
    const dev = await userByEmail(ctx.db, 'dev@example.com');
    expect(await permissionsOf(ctx.db, dev.id)).toEqual(['developer']);
  });

  it('makes esperto@example.com a limited expert of two teams with past and upcoming sessions', async () => {
    const expert = await userByEmail(ctx.db, 'esperto@example.com');
    expect(expert.is_expert).toBe(1);
    expect(expert.expert_access).toBe('limited');
    expect(await permissionsOf(ctx.db, expert.id)).toEqual([]);
    const teams = await ctx.db.selectFrom('expert_teams').select('team_id').where('user_id', '=', expert.id).execute();
    expect(teams).toHaveLength(2);
    const sessions = await ctx.db
      .selectFrom('session_experts')
      .innerJoin('sessions', 'sessions.id', 'session_experts.session_id')
      .select('sessions.start_time')
      .where('session_experts.user_id', '=', expert.id)
      .execute();
    expect(sessions.filter((s) => s.start_time < now()).length).toBeGreaterThanOrEqual(3);
    expect(sessions.filter((s) => s.start_time > now()).length).toBeGreaterThanOrEqual(3);

    const complete = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('is_expert', '=', 1)
      .where('expert_access', '=', 'complete')
      .execute();
    expect(complete.length).toBeGreaterThanOrEqual(1);
  });

  it('puts membro@example.com in team 1 with a coordinator, course access and progress', async () => {
    const member = await userByEmail(ctx.db, 'membro@example.com');
    expect(member.mooc_access).toBe(1);
    const memberships = await ctx.db
      .selectFrom('team_members')
      .select('team_id')
      .where('user_id', '=', member.id)
      .execute();
    expect(memberships.map((m) => m.team_id)).toEqual([1]);

    const team = await ctx.db.selectFrom('teams').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(team.drive_url).toMatch(/^https:\/\/drive\.google\.com\/drive\/folders\/[\w-]{20,}$/);
    const owner = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', team.owner_id!)
      .executeTakeFirstOrThrow();
    expect(owner.mobile).toMatch(/^\+39 3\d\d \d{3} \d{4}$/);

    const progress = await ctx.db.selectFrom('lesson_progress').selectAll().where('user_id', '=', member.id).execute();
    expect(progress.some((p) => p.completed === 1)).toBe(true);
    expect(progress.some((p) => p.completed === 0 && p.covered_seconds > 0)).toBe(true);
    for (const p of progress) expect(JSON.parse(p.watched)).toEqual([[0, p.covered_seconds]]);

    const sessions = await sessionsOfTeam(ctx.db, 1);
    const teamOnly = await ctx.db.selectFrom('session_teams').select('session_id').where('team_id', '=', 1).execute();
    const ownIds = new Set(teamOnly.map((s) => s.session_id));
    expect(sessions.filter((s) => ownIds.has(s.id) && s.start_time > now()).length).toBeGreaterThanOrEqual(2);
    const month = now().slice(0, 7);
    expect(sessions.some((s) => s.start_time.startsWith(month))).toBe(true);
  });

  it('leaves ospite@example.com with no team, no course access, no role and no expertise', async () => {
    const guest = await userByEmail(ctx.db, 'ospite@example.com');
    expect(guest.mooc_access).toBe(0);
    expect(guest.is_expert).toBe(0);
    expect(await permissionsOf(ctx.db, guest.id)).toEqual([]);
    const teams = await ctx.db.selectFrom('team_members').select('team_id').where('user_id', '=', guest.id).execute();
    expect(teams).toEqual([]);
    const owned = await ctx.db.selectFrom('teams').select('id').where('owner_id', '=', guest.id).execute();
    expect(owned).toEqual([]);
  });

  it('creates realistic people and teams', async () => {
    const users = await ctx.db.selectFrom('users').selectAll().execute();
    expect(users.length).toBeGreaterThanOrEqual(35);
    for (const user of users) {
      expect(user.email).toBe(user.email.toLowerCase());
      expect(user.created_at).toMatch(ISO_UTC);
      if (user.tax_id) expect(user.tax_id).toMatch(/^[A-Z]{6}\d\d[A-EHLMPRST]\d\d[A-Z]\d{3}[A-Z]$/);
      if (user.birthdate) expect(user.birthdate).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    const teams = await ctx.db.selectFrom('teams').selectAll().execute();
    expect(teams.length).toBeGreaterThanOrEqual(6);
    for (const team of teams) {
      const members = await ctx.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', team.id)
        .execute();
      expect(members.length).toBeGreaterThanOrEqual(3);
      expect(members.length).toBeLessThanOrEqual(6);
      expect(team.owner_id).not.toBeNull();
      expect(team.created_at).toMatch(ISO_UTC);
    }
  });

  it('spreads sessions of both types around today, attendances only on ended meetings', async () => {
    const sessions = await ctx.db.selectFrom('sessions').selectAll().execute();
    expect(sessions.length).toBeGreaterThanOrEqual(30);
    const t = now();
    expect(sessions.filter((s) => s.start_time < t).length).toBeGreaterThanOrEqual(10);
    expect(sessions.filter((s) => s.start_time > t).length).toBeGreaterThanOrEqual(10);
    for (const s of sessions) {
      expect(s.start_time).toMatch(ISO_UTC);
      if (s.end_time) expect(s.end_time > s.start_time).toBe(true);
      expect(s.join_instructions.length).toBeGreaterThan(20);
      if (s.type === 'meet') expect(s.join_url).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
      else expect(s.join_url).toBeNull();
    }
    expect(new Set(sessions.map((s) => s.type))).toEqual(new Set(['meet', 'other']));
    const withTeams = await ctx.db.selectFrom('session_teams').select('session_id').distinct().execute();
    expect(withTeams.length).toBeGreaterThan(0);
    expect(withTeams.length).toBeLessThan(sessions.length);

    const attendances = await ctx.db.selectFrom('attendances').selectAll().execute();
    expect(attendances.length).toBeGreaterThan(50);
    const byId = new Map(sessions.map((s) => [s.id, s]));
    for (const a of attendances) {
      const session = byId.get(a.session_id)!;
      expect(session.type).toBe('meet');
      expect(session.end_time! < t).toBe(true);
      expect(a.source).toBe('seed');
      if (a.joined_at) expect(a.joined_at).toMatch(ISO_UTC);
    }
    expect(new Set(attendances.map((a) => `${a.session_id}|${a.external_key}`)).size).toBe(attendances.length);
    expect(attendances.some((a) => a.user_id === null && a.name === null && a.email === null)).toBe(true);
  });

  it('ships courses with ordered modules and lessons on the demo videos, with their real length', async () => {
    const courses = await ctx.db.selectFrom('courses').selectAll().execute();
    expect(courses.some((c) => c.published === 1)).toBe(true);
    expect(courses.some((c) => c.published === 0)).toBe(true);
    for (const course of courses) {
      const modules = await ctx.db
        .selectFrom('modules')
        .selectAll()
        .where('course_id', '=', course.id)
        .orderBy('position')
        .execute();
      expect(modules.map((m) => m.position)).toEqual(modules.map((_, i) => i + 1));
      for (const module of modules) {
        const lessons = await ctx.db
          .selectFrom('lessons')
          .selectAll()
          .where('module_id', '=', module.id)
          .orderBy('position')
          .execute();
        expect(lessons.length).toBeGreaterThanOrEqual(2);
        expect(lessons.map((l) => l.position)).toEqual(lessons.map((_, i) => i + 1));
      }
    }
    const lessons = await ctx.db.selectFrom('lessons').selectAll().execute();
    const local = lessons.filter((l) => l.video_url.startsWith('/storage/videos/'));
    expect(local.length).toBeGreaterThanOrEqual(lessons.length - 1);
    for (const lesson of local) {
      const file = join(VIDEO_DIR, lesson.video_url.slice('/storage/videos/'.length));
      expect(statSync(file).size).toBeLessThan(300 * 1024);
      expect(Math.abs(mp4Seconds(file) - lesson.video_length!)).toBeLessThan(0.5);
    }
  });

  it('changes nothing when run again on a seeded database', async () => {
    const before = await rowCounts(ctx.db);
    const users = await ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(await seedIfEmpty(ctx.db, ctx.config)).toBe(false);
    expect(await rowCounts(ctx.db)).toEqual(before);
    expect(await ctx.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(users);
  });

  it('restores the permission catalogue on every start without reseeding', async () => {
    await ctx.db.deleteFrom('permissions').where('name', '=', 'update_lesosns').execute();
    await ctx.db
      .updateTable('permissions')
      .set({ description: 'vecchia descrizione' })
      .where('name', '=', 'read_teams')
      .execute();
    const users = await rowCounts(ctx.db);
    expect(await seedIfEmpty(ctx.db, ctx.config)).toBe(false);
    const rows = await ctx.db
      .selectFrom('permissions')
      .selectAll()
      .where('name', 'in', ['update_lesosns', 'read_teams'])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.name, r.description]))).toEqual({
      update_lesosns: PERMISSIONS.update_lesosns,
      read_teams: PERMISSIONS.read_teams,
    });
    expect((await rowCounts(ctx.db)).users).toBe(users.users);
  });

  it('is deterministic for a given instant and restarts ids after a wipe', async () => {
    const instant = new Date('2025-03-10T09:15:00.000Z');
    const snapshot = async () => ({
      users: await ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
      teams: await ctx.db.selectFrom('teams').selectAll().orderBy('id').execute(),
      sessions: await ctx.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
      attendances: await ctx.db.selectFrom('attendances').selectAll().orderBy('id').execute(),
      progress: await ctx.db
        .selectFrom('lesson_progress')
        .selectAll()
        .orderBy('user_id')
        .orderBy('lesson_id')
        .execute(),
    });
    await wipeData(ctx.db);
    await seedDemo(ctx.db, { now: instant });
    const first = await snapshot();
    await wipeData(ctx.db);
    await seedDemo(ctx.db, { now: instant });
    expect(await snapshot()).toEqual(first);

    const member = first.users.find((u) => u.email === 'membro@example.com')!;
    const team = await ctx.db
      .selectFrom('team_members')
      .select('team_id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(team.team_id).toBe(1);
    expect(first.sessions.filter((s) => s.start_time < instant.toISOString()).length).toBeGreaterThan(10);
    expect(first.sessions.every((s) => Math.abs(Date.parse(s.start_time) - instant.getTime()) <= 61 * 86_400_000)).toBe(
      true,
    );
  });
});
