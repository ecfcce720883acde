/**
 * Bulk generator for the API benchmark: grows a migrated (and normally demo-seeded) database to
 * 10,000 users, 1,000 teams and 50,000 sessions, in large batched inserts inside one transaction, then
 * gives the sessions imported attendances (members of the session's teams, its expert, some guests
 * matched to no user; overlapping and partial rows) and team members lesson progress in the courses.
 * Idempotent: rows it made before (e-mails ending in @bench.example.net) count towards the targets.
 *
 *   tsx scripts/bench/seed-large.ts --database sqlite:.bench/api/percorso.db [--users 10000]
 *       [--teams 1000] [--sessions 50000] [--programme-sessions 5000] [--token-for admin@example.com]
 *       [--learners 5000 --learner-tokens .bench/sync/tokens.json] [--progress-users 4000]
 *
 * Progress goes to stderr; stdout gets one JSON line: {"users":…, "teams":…, "sessions":…, "token"?}.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import { createDb, migrateToLatest, parseDatabaseUrl, type Db } from '../../server/src/db/index.js';
import type { Database } from '../../server/src/db/schema.js';
import { issueToken } from '../../server/src/auth/tokens.js';

const BENCH_DOMAIN = 'bench.example.net';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    users: { type: 'string', default: '10000' },
    teams: { type: 'string', default: '1000' },
    sessions: { type: 'string', default: '50000' },
    'programme-sessions': { type: 'string', default: '5000' },
    'token-for': { type: 'string' },
    learners: { type: 'string', default: '0' },
    'progress-users': { type: 'string', default: '4000' },
    'learner-tokens': { type: 'string' },
  },
});

const FIRST_NAMES = [
  'Giulia',
  'Marco',
  'Francesca',
  'Luca',
  'Chiara',
  'Alessandro',
  'Sara',
  'Matteo',
  'Elena',
  'Davide',
  'Martina',
  'Simone',
  'Federica',
  'Andrea',
  'Valentina',
  'Lorenzo',
  'Silvia',
  'Stefano',
  'Alessia',
  'Paolo',
];
const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];
const TEAM_WORDS = [
  'Agri',
  'Bio',
  'Cloud',
  'Data',
  'Eco',
  'Fin',
  'Geo',
  'Health',
  'Idro',
  'Logi',
  'Med',
  'Nano',
  'Opti',
  'Retail',
  'Solar',
  'Tech',
  'Urban',
  'Vita',
];
const TEAM_SUFFIXES = ['Lab', 'Hub', 'Tech', 'Nova', 'Mind', 'Flow', 'Net', 'Works'];
const SESSION_TOPICS = [
  'Business model canvas',
  'Pitch deck',
  'Analisi di mercato',
  'Go-to-market',
  'Finanza agevolata',
  'Proprietà intellettuale',
  'Product discovery',
  'Fundraising',
  'Marketing digitale',
  'Aspetti legali',
];

/** Deterministic pseudo-random numbers, so every run builds the same data set. */
let state = 20240611;
function random(): number {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
}
function pick<T>(list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** Rows per INSERT: stays under SQLite's and PostgreSQL's bound-parameter limits for our widest table. */
const BATCH = 500;

async function insertBatched<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely's generic insert typing cannot follow a table name chosen at run time.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const batch = rows.slice(i, i + BATCH) as any;
    await db.insertInto(table).values(batch).execute();
  }
}

async function insertReturningIds<T extends 'users' | 'teams' | 'sessions'>(
  db: Db,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const batch = rows.slice(i, i + BATCH) as any;
    const inserted = await db.insertInto(table).values(batch).returning('id').execute();
    ids.push(...inserted.map((row) => Number((row as { id: number }).id)));
  }
  return ids;
}

async function count(db: Db, table: 'users' | 'teams' | 'sessions'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function growUsers(db: Db, target: number): Promise<void> {
  const existing = await count(db, 'users');
  const now = new Date().toISOString();
  const rows: Array<Insertable<Database['users']>> = [];
  for (let n = existing; n < target; n++) {
    const name = pick(FIRST_NAMES);
    const surname = pick(SURNAMES);
    const expert = random() < 0.02;
    rows.push({
      name,
      surname,
      email: `${name}.${surname}.${n}@${BENCH_DOMAIN}`.toLowerCase().replace(/\s+/g, ''),
      is_expert: expert ? 1 : 0,
      expert_access: expert ? (random() < 0.5 ? 'complete' : 'limited') : null,
      mooc_access: random() < 0.3 ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  }
  await insertReturningIds(db, 'users', rows);
  console.error(`users: ${existing} → ${existing + rows.length}`);
}

async function userIds(db: Db, expertsOnly: boolean): Promise<number[]> {
  let query = db.selectFrom('users').select('id');
  if (expertsOnly) query = query.where('is_expert', '=', 1);
  return (await query.execute()).map((row) => Number(row.id));
}

async function growTeams(db: Db, target: number): Promise<void> {
  const existing = await count(db, 'teams');
  const users = await userIds(db, false);
  const now = new Date().toISOString();
  const rows: Array<Insertable<Database['teams']>> = [];
  for (let n = existing; n < target; n++) {
    const name = `${pick(TEAM_WORDS)}${pick(TEAM_SUFFIXES)} ${n + 1}`;
    rows.push({
      name,
      description: `Startup del programma di incubazione: ${name}.`,
      drive_url: `https://drive.example.net/cartelle/${n + 1}`,
      owner_id: pick(users),
      created_at: now,
    });
  }
  const ids = await insertReturningIds(db, 'teams', rows);
  const members: Array<Insertable<Database['team_members']>> = [];
  for (const teamId of ids) {
    const chosen = new Set<number>();
    while (chosen.size < 4) chosen.add(pick(users));
    for (const userId of chosen) members.push({ team_id: teamId, user_id: userId, joined_at: now });
  }
  await insertBatched(db, 'team_members', members);
  console.error(`teams: ${existing} → ${existing + rows.length} (${members.length} memberships)`);
}

async function growSessions(db: Db, target: number, programmeSessions: number): Promise<void> {
  const existing = await count(db, 'sessions');
  const teams = (await db.selectFrom('teams').select('id').execute()).map((row) => Number(row.id));
  let experts = await userIds(db, true);
  if (!experts.length) experts = await userIds(db, false);
  const now = new Date().toISOString();
  const twoYears = 2 * 365 * 24 * 3600 * 1000;
  const origin = Date.now() - twoYears / 2;
  const rows: Array<Insertable<Database['sessions']>> = [];
  for (let n = existing; n < target; n++) {
    const start = origin + Math.floor(random() * twoYears);
    const topic = pick(SESSION_TOPICS);
    rows.push({
      name: `${topic} #${n + 1}`,
      type: random() < 0.7 ? 'meet' : 'other',
      description: `Sessione di lavoro su ${topic.toLowerCase()}.`,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3600 * 1000).toISOString(),
      join_instructions: 'Collegarsi dal link della riunione cinque minuti prima.',
      join_url: null,
      created_at: now,
    });
  }
  const ids = await insertReturningIds(db, 'sessions', rows);
  const sessionTeams: Array<Insertable<Database['session_teams']>> = [];
  const sessionExperts: Array<Insertable<Database['session_experts']>> = [];
  // Sessions open to every startup ("Tutte le startup", no team attached): one in ten, up to
  // --programme-sessions. Their number follows the programme's calendar, not its size: a programme
  // with ten times the startups has ten times the startups' own sessions, not ten times the events
  // for everyone (each of which is in every member's calendar).
  const withTeam = await db.selectFrom('session_teams').select('session_id').distinct().execute();
  let open = existing - withTeam.length;
  for (const sessionId of ids) {
    const forEveryone = random() < 0.1 && open < programmeSessions;
    if (forEveryone) open++;
    else sessionTeams.push({ session_id: sessionId, team_id: pick(teams) });
    sessionExperts.push({ session_id: sessionId, user_id: pick(experts) });
  }
  await insertBatched(db, 'session_teams', sessionTeams);
  await insertBatched(db, 'session_experts', sessionExperts);
  console.error(`sessions: ${existing} → ${existing + rows.length}`);
}

const BENCH_SOURCE = 'bench';

/**
 * Attendances for every session without any yet: each member of the session's team (for a session
 * open to every team, 12 people drawn from all teams) comes with probability 0.75, sometimes in two
 * overlapping stints or late; the session's expert comes; one session in three has a guest whose
 * e-mail matches no user.
 */
async function growAttendances(db: Db): Promise<number> {
  const done = await db
    .selectFrom('attendances')
    .select('id')
    .where('source', '=', BENCH_SOURCE)
    .limit(1)
    .executeTakeFirst();
  if (done) return 0;
  const sessions = await db.selectFrom('sessions').select(['id', 'start_time', 'end_time']).execute();
  const teamOf = new Map(
    (await db.selectFrom('session_teams').select(['session_id', 'team_id']).execute()).map((r) => [
      Number(r.session_id),
      Number(r.team_id),
    ]),
  );
  const expertOf = new Map(
    (await db.selectFrom('session_experts').select(['session_id', 'user_id']).execute()).map((r) => [
      Number(r.session_id),
      Number(r.user_id),
    ]),
  );
  const members = new Map<number, number[]>();
  const everyone: number[] = [];
  for (const row of await db.selectFrom('team_members').select(['team_id', 'user_id']).execute()) {
    const list = members.get(Number(row.team_id)) ?? [];
    list.push(Number(row.user_id));
    members.set(Number(row.team_id), list);
    everyone.push(Number(row.user_id));
  }
  const rows: Array<Insertable<Database['attendances']>> = [];
  const minute = 60_000;
  for (const session of sessions) {
    const sessionId = Number(session.id);
    const start = Date.parse(session.start_time);
    const end = session.end_time ? Date.parse(session.end_time) : start + 2 * 3600_000;
    const team = teamOf.get(sessionId);
    const people = team === undefined ? Array.from({ length: 12 }, () => pick(everyone)) : (members.get(team) ?? []);
    let key = 0;
    const stint = (
      userId: number | null,
      joined: number,
      left: number,
      name: string | null = null,
      email: string | null = null,
    ) =>
      rows.push({
        session_id: sessionId,
        user_id: userId,
        name,
        email,
        joined_at: new Date(joined).toISOString(),
        left_at: new Date(left).toISOString(),
        source: BENCH_SOURCE,
        external_key: `b${++key}`,
      });
    for (const userId of new Set(people)) {
      if (random() >= 0.75) continue;
      const joined = start + Math.floor((random() * 20 - 5) * minute);
      const left = end - Math.floor(random() * 25 * minute);
      stint(userId, joined, left);
      if (random() < 0.2) stint(userId, joined + 10 * minute, left + 10 * minute);
    }
    const expert = expertOf.get(sessionId);
    if (expert !== undefined) stint(expert, start, end);
    if (random() < 0.33)
      stint(null, start + 5 * minute, start + 40 * minute, 'Ospite esterno', `ospite${sessionId}@guest.example.org`);
  }
  await insertBatched(db, 'attendances', rows);
  return rows.length;
}

/** Lesson progress of `count` team members in every lesson of the courses, some completed. */
async function growProgress(db: Db, count: number): Promise<number> {
  const done = await db
    .selectFrom('lesson_progress')
    .innerJoin('users', 'users.id', 'lesson_progress.user_id')
    .select('lesson_progress.user_id')
    .where('users.email', 'like', `%@${BENCH_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (done) return 0;
  const lessons = await db.selectFrom('lessons').select(['id', 'video_length']).execute();
  if (!lessons.length) return 0;
  const learners = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select('team_members.user_id')
    .distinct()
    .where('users.email', 'like', `%@${BENCH_DOMAIN}`)
    .orderBy('team_members.user_id')
    .limit(count)
    .execute();
  const now = Date.now();
  const rows: Array<Insertable<Database['lesson_progress']>> = [];
  for (const { user_id: userId } of learners) {
    for (const lesson of lessons) {
      if (random() >= 0.6) continue;
      const length = Number(lesson.video_length ?? 600);
      const covered = Math.floor(random() * length);
      const completed = random() < 0.4;
      rows.push({
        user_id: Number(userId),
        lesson_id: Number(lesson.id),
        position: completed ? length : covered,
        watched: JSON.stringify([[0, completed ? length : covered]]),
        covered_seconds: completed ? length : covered,
        completed: completed ? 1 : 0,
        last_sync_ms: 0,
        version: 1,
        updated_at: new Date(now - Math.floor(random() * 90 * 86_400_000)).toISOString(),
      });
    }
  }
  await insertBatched(db, 'lesson_progress', rows);
  return rows.length;
}

/** Gives `count` generated users video-course access and a fresh token each (for the sync load test). */
async function learnerTokens(db: Db, count: number): Promise<string[]> {
  const learners = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${BENCH_DOMAIN}`)
    .orderBy('id')
    .limit(count)
    .execute();
  if (learners.length < count) throw new Error(`Only ${learners.length} generated users: raise --users`);
  const ids = learners.map((row) => Number(row.id));
  for (let i = 0; i < ids.length; i += BATCH) {
    await db
      .updateTable('users')
      .set({ mooc_access: 1 })
      .where('id', 'in', ids.slice(i, i + BATCH))
      .execute();
  }
  const tokens: string[] = [];
  for (const id of ids) tokens.push(await issueToken(db, id, 3600));
  return tokens;
}

async function main(): Promise<void> {
  if (!args.database) throw new Error('--database sqlite:<path> | postgres://… is required');
  const db = await createDb(parseDatabaseUrl(args.database));
  try {
    await migrateToLatest(db);
    const started = Date.now();
    await db.transaction().execute(async (trx) => {
      await growUsers(trx, Number(args.users));
      await growTeams(trx, Number(args.teams));
      await growSessions(trx, Number(args.sessions), Number(args['programme-sessions']));
      console.error(`attendances: +${await growAttendances(trx)}`);
      console.error(`lesson progress: +${await growProgress(trx, Number(args['progress-users']))}`);
    });
    // PostgreSQL plans from statistics and skips dead index entries only once vacuumed (the
    // triggers' counts rewrite rows); its autovacuum does both some time after a bulk load, so the
    // measurements that follow would depend on when it ran: do it now.
    if (parseDatabaseUrl(args.database).kind === 'postgres') {
      const { rows } = await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
      await sql`vacuum analyze ${sql.join(rows.map((row) => sql.table(row.name)))}`.execute(db);
    }
    console.error(`large seed ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const result: Record<string, unknown> = {
      users: await count(db, 'users'),
      teams: await count(db, 'teams'),
      sessions: await count(db, 'sessions'),
    };
    const email = args['token-for'];
    if (email) {
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!user)
        throw new Error(`No user ${email}: start the server once on this database so it seeds the demo accounts`);
      result.token = await issueToken(db, Number(user.id), 3600);
    }
    const learners = Number(args.learners);
    if (learners > 0) {
      if (!args['learner-tokens']) throw new Error('--learners needs --learner-tokens <file>');
      const tokens = await db.transaction().execute((trx) => learnerTokens(trx, learners));
      writeFileSync(args['learner-tokens'], JSON.stringify(tokens));
      result.learners = tokens.length;
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
