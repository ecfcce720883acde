import type { Db } from '../db/index.js';
import { attendanceRows, type Participant } from './attendances.js';
import { SeedClock } from './clock.js';
import { COURSES, PROGRESS, videoLengthOf, videoUrlOf } from './courses.js';
import { PEOPLE, userRows } from './people.js';
import { syncPermissions } from './permissions.js';
import { SeededRandom } from './random.js';
import { demoRoles, type RoleKey } from './roles.js';
import { MEET_INSTRUCTIONS, SESSIONS } from './sessions.js';
import { TEAMS } from './teams.js';

export interface SeedOptions {
  /** The instant the timeline is built around (sessions from -60 to +60 days). */
  now?: Date;
  /** Share of a video that counts as completed (Config.completionThreshold). */
  completionThreshold?: number;
}

const SEED = 20240917;
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DRIVE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** Looks a key up in a map built from the seed's own data; a miss is a bug in the seed. */
function lookup<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: unknown ${what} "${String(key)}"`);
  return value;
}

/**
 * Writes the whole demo data set into an empty database: roles, people (with the five demo
 * accounts), teams, sessions with attendances, courses and lesson progress. Deterministic for a
 * given `now`. Call it inside a transaction (seedIfEmpty does).
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const clock = new SeedClock(options.now ?? new Date());
  const threshold = options.completionThreshold ?? 0.9;
  const random = new SeededRandom(SEED);

  await syncPermissions(db);
  const roleIds = await insertRoles(db, clock);
  const users = await insertUsers(db, random, clock, roleIds);
  const teamIds = await insertTeams(db, random, clock, users);
  await insertSessions(db, random, clock, users, teamIds);
  await insertCourses(db, clock, users, threshold);
}

async function insertRoles(db: Db, clock: SeedClock): Promise<Map<RoleKey, number>> {
  const specs = Object.entries(demoRoles()) as Array<[RoleKey, ReturnType<typeof demoRoles>[RoleKey]]>;
  const inserted = await db
    .insertInto('roles')
    .values(
      specs.map(([, role]) => ({
        name: role.name,
        description: role.description,
        system_key: role.systemKey ?? null,
        created_at: clock.daysAgo(120),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const idByName = new Map(inserted.map((row) => [row.name, row.id]));
  const ids = new Map(specs.map(([key, role]) => [key, lookup(idByName, role.name, 'role')]));
  await db
    .insertInto('role_permissions')
    .values(
      specs.flatMap(([key, role]) =>
        role.permissions.map((permission_name) => ({ role_id: ids.get(key)!, permission_name })),
      ),
    )
    .execute();
  return ids;
}

/**
 * A person's roles; every team coordinator also holds "Coordinatore programma", so that the
 * coordinator picker (users holding a role, `filter[developer]=true`) offers them.
 */
function rolesOf(person: (typeof PEOPLE)[number]): RoleKey[] {
  const coordinates = TEAMS.some((team) => team.owner === person.key);
  return [...new Set<RoleKey>([...(person.roles ?? []), ...(coordinates ? (['coordinator'] as const) : [])])];
}

interface SeededUser extends Participant {
  mobile: string | null;
}

async function insertUsers(
  db: Db,
  random: SeededRandom,
  clock: SeedClock,
  roleIds: Map<RoleKey, number>,
): Promise<Map<string, SeededUser>> {
  const rows = userRows(random, clock);
  const inserted = await db.insertInto('users').values(rows).returning(['id', 'email']).execute();
  const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
  const users = new Map<string, SeededUser>();
  PEOPLE.forEach((person, index) => {
    const row = rows[index];
    users.set(person.key, {
      userId: lookup(idByEmail, row.email, 'e-mail'),
      name: `${row.name} ${row.surname}`,
      email: row.email,
      mobile: row.mobile ?? null,
    });
  });
  const userRoles = PEOPLE.flatMap((person) =>
    rolesOf(person).map((role) => ({ user_id: users.get(person.key)!.userId, role_id: lookup(roleIds, role, 'role') })),
  );
  await db.insertInto('user_roles').values(userRoles).execute();
  return users;
}

async function insertTeams(
  db: Db,
  random: SeededRandom,
  clock: SeedClock,
  users: Map<string, SeededUser>,
): Promise<Map<string, number>> {
  const userId = (key: string) => lookup(users, key, 'person').userId;
  const inserted = await db
    .insertInto('teams')
    .values(
      TEAMS.map((team, index) => ({
        name: team.name,
        description: team.description,
        avatar: null,
        drive_url: `https://drive.google.com/drive/folders/1${random.text(DRIVE_ID_ALPHABET, 32)}`,
        owner_id: userId(team.owner),
        created_at: clock.daysAgo(80 - index),
      })),
    )
    .returning(['id', 'name', 'created_at'])
    .execute();
  const idByName = new Map(inserted.map((row) => [row.name, row.id]));
  const createdAt = new Map(inserted.map((row) => [row.id, row.created_at]));
  const teamIds = new Map(TEAMS.map((team) => [team.key, lookup(idByName, team.name, 'team')]));

  await db
    .insertInto('team_members')
    .values(
      // Members since their team was founded: expected at every one of its sessions.
      TEAMS.flatMap((team) => {
        const teamId = teamIds.get(team.key)!;
        return team.members.map((member) => ({
          team_id: teamId,
          user_id: userId(member),
          joined_at: createdAt.get(teamId)!,
        }));
      }),
    )
    .execute();
  const former = TEAMS.flatMap((team) =>
    (team.formerMembers ?? []).map(({ person, leftDaysAgo }) => {
      const teamId = teamIds.get(team.key)!;
      return {
        team_id: teamId,
        user_id: userId(person),
        joined_at: createdAt.get(teamId)!,
        left_at: clock.daysAgo(leftDaysAgo),
      };
    }),
  );
  if (former.length) await db.insertInto('past_team_members').values(former).execute();
  await db
    .insertInto('expert_teams')
    .values(
      TEAMS.flatMap((team) =>
        team.experts.map((expert) => ({ team_id: teamIds.get(team.key)!, user_id: userId(expert) })),
      ),
    )
    .execute();
  return teamIds;
}

async function insertSessions(
  db: Db,
  random: SeededRandom,
  clock: SeedClock,
  users: Map<string, SeededUser>,
  teamIds: Map<string, number>,
): Promise<void> {
  const planned = SESSIONS.map((spec) => {
    const start = clock.at(spec.day, spec.time);
    const end = spec.minutes === null ? null : SeedClock.shift(start, spec.minutes);
    const createdAt = SeedClock.shift(start, -21 * 24 * 60);
    const meet = spec.template.type === 'meet';
    return {
      spec,
      row: {
        name: spec.template.name,
        type: spec.template.type,
        description: spec.template.description,
        start_time: start,
        end_time: end,
        join_instructions: meet ? MEET_INSTRUCTIONS : (spec.template.where ?? ''),
        join_url: meet
          ? `https://meet.google.com/${random.text(LOWER, 3)}-${random.text(LOWER, 4)}-${random.text(LOWER, 3)}`
          : null,
        created_at: createdAt < clock.now.toISOString() ? createdAt : clock.daysAgo(1),
      },
    };
  });
  const identity = (name: string, start: string) => `${name}|${start}`;
  const inserted = await db
    .insertInto('sessions')
    .values(planned.map((p) => p.row))
    .returning(['id', 'name', 'start_time'])
    .execute();
  const idByIdentity = new Map(inserted.map((row) => [identity(row.name, row.start_time), row.id]));
  if (idByIdentity.size !== planned.length) throw new Error('Seed: two demo sessions share name and start time');
  const sessions = planned.map((p) => ({
    ...p,
    id: lookup(idByIdentity, identity(p.row.name, p.row.start_time), 'session'),
  }));

  const sessionTeams = sessions.flatMap((s) =>
    s.spec.teams.map((team) => ({ session_id: s.id, team_id: lookup(teamIds, team, 'team') })),
  );
  await db.insertInto('session_teams').values(sessionTeams).execute();
  const sessionExperts = sessions.flatMap((s) =>
    s.spec.experts.map((expert) => ({ session_id: s.id, user_id: lookup(users, expert, 'person').userId })),
  );
  await db.insertInto('session_experts').values(sessionExperts).execute();

  const now = clock.now.toISOString();
  const ended = sessions.filter((s) => s.row.type === 'meet' && s.row.end_time !== null && s.row.end_time < now);
  // The most recent past meeting of membro@example.com's team also shows the participant fallbacks.
  const withUnknowns = ended
    .filter((s) => s.spec.teams.includes(TEAMS[0].key))
    .sort((a, b) => a.row.start_time.localeCompare(b.row.start_time))
    .at(-1)?.id;
  const attendances = ended.flatMap((s) => {
    const teams = s.spec.teams.length ? TEAMS.filter((t) => s.spec.teams.includes(t.key)) : TEAMS;
    const keys = new Set([...teams.flatMap((t) => [t.owner, ...t.members]), ...s.spec.experts]);
    return attendanceRows(
      {
        sessionId: s.id,
        start: s.row.start_time,
        end: s.row.end_time!,
        participants: [...keys].map((key) => lookup(users, key, 'person')),
        withUnknowns: s.id === withUnknowns,
      },
      random,
    );
  });
  for (let i = 0; i < attendances.length; i += 500) {
    await db
      .insertInto('attendances')
      .values(attendances.slice(i, i + 500))
      .execute();
  }
  // The demo attendance is already complete: no importer should fetch it again.
  if (ended.length) {
    await db
      .insertInto('attendance_imports')
      .values(
        ended.map((s) => ({
          session_id: s.id,
          status: 'done' as const,
          attempts: 1,
          last_error: null,
          next_attempt_at: null,
          updated_at: now,
        })),
      )
      .execute();
  }
}

async function insertCourses(
  db: Db,
  clock: SeedClock,
  users: Map<string, SeededUser>,
  threshold: number,
): Promise<void> {
  const courses = await db
    .insertInto('courses')
    .values(
      COURSES.map((course, index) => ({
        name: course.name,
        description: course.description,
        published: course.published ? 1 : 0,
        cover_url: null,
        created_at: clock.daysAgo(100 - index * 10),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const courseIdByName = new Map(courses.map((row) => [row.name, row.id]));

  const moduleSpecs = COURSES.flatMap((course, courseIndex) =>
    course.modules.map((module, index) => ({ course, module, position: index + 1, courseIndex })),
  );
  const modules = await db
    .insertInto('modules')
    .values(
      moduleSpecs.map(({ course, module, position, courseIndex }) => ({
        course_id: lookup(courseIdByName, course.name, 'course'),
        name: module.name,
        description: module.description,
        position,
        cover_url: null,
        created_at: clock.daysAgo(99 - courseIndex * 10),
      })),
    )
    .returning(['id', 'course_id', 'position'])
    .execute();
  const moduleId = new Map(modules.map((row) => [`${row.course_id}/${row.position}`, row.id]));

  const lessonSpecs = moduleSpecs.flatMap(({ course, module, position: modulePosition, courseIndex }) =>
    module.lessons.map((lesson, index) => ({
      lesson,
      row: {
        module_id: lookup(moduleId, `${courseIdByName.get(course.name)}/${modulePosition}`, 'module'),
        position: index + 1,
        name: lesson.name,
        video_url: videoUrlOf(lesson.video),
        description: lesson.description,
        video_length: videoLengthOf(lesson.video),
        created_at: clock.daysAgo(98 - courseIndex * 10),
      },
    })),
  );
  const lessons = await db
    .insertInto('lessons')
    .values(lessonSpecs.map((l) => l.row))
    .returning(['id', 'module_id', 'position'])
    .execute();
  const lessonIdByPlace = new Map(lessons.map((row) => [`${row.module_id}/${row.position}`, row.id]));
  const lessonByKey = new Map(
    lessonSpecs.map((l) => [
      l.lesson.key,
      { id: lookup(lessonIdByPlace, `${l.row.module_id}/${l.row.position}`, 'lesson'), length: l.row.video_length },
    ]),
  );

  const progress = PROGRESS.map((entry) => {
    const lesson = lookup(lessonByKey, entry.lesson, 'lesson');
    if (lesson.length === null) throw new Error(`Seed: progress on lesson "${entry.lesson}" of unknown length`);
    const covered = Math.round(lesson.length * entry.share);
    const syncedAt = Date.parse(clock.daysAgo(entry.daysAgo));
    return {
      user_id: lookup(users, entry.person, 'person').userId,
      lesson_id: lesson.id,
      position: covered,
      watched: JSON.stringify([[0, covered]]),
      covered_seconds: covered,
      completed: covered >= lesson.length * threshold ? 1 : 0,
      last_sync_ms: syncedAt,
      version: Math.ceil(covered / 3),
      updated_at: new Date(syncedAt).toISOString(),
    };
  });
  await db.insertInto('lesson_progress').values(progress).execute();
}
