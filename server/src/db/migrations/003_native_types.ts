import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<unknown>;

/**
 * PostgreSQL's own types for the columns of the first schema, so that its tables read naturally
 * from any SQL client or BI tool: timestamps become `timestamptz`, flags `boolean`, the birth date
 * `date`. The API does not change: the database layer reads them back as the same ISO strings and
 * 0/1 numbers SQLite stores (db/index.ts), and PostgreSQL accepts those values on the way in.
 * SQLite keeps its text and integer columns: nothing to do there.
 */
const TIMESTAMPS: Record<string, string[]> = {
  users: ['created_at', 'updated_at'],
  roles: ['created_at'],
  teams: ['created_at'],
  sessions: ['start_time', 'end_time', 'created_at'],
  attendances: ['joined_at', 'left_at'],
  attendance_imports: ['next_attempt_at', 'updated_at'],
  courses: ['created_at'],
  modules: ['created_at'],
  lessons: ['created_at'],
  lesson_progress: ['updated_at'],
  access_tokens: ['expires_at', 'created_at'],
  used_auth_codes: ['used_at'],
};

/** Flags and their default. */
const FLAGS: Record<string, Record<string, boolean>> = {
  users: { is_expert: false, mooc_access: false },
  courses: { published: false },
  lesson_progress: { completed: false },
};

/** Columns whose default is "now". */
const DEFAULT_NOW = new Set([
  'users.created_at',
  'users.updated_at',
  'roles.created_at',
  'teams.created_at',
  'sessions.created_at',
  'courses.created_at',
  'modules.created_at',
  'lessons.created_at',
  'access_tokens.created_at',
]);

async function alterType(db: AnyDb, table: string, column: string, type: string, using: string, fallback?: string) {
  const t = sql.table(table);
  const c = sql.id(column);
  await sql`alter table ${t} alter column ${c} drop default`.execute(db);
  await sql`alter table ${t} alter column ${c} type ${sql.raw(type)} using ${sql.raw(using)}`.execute(db);
  if (fallback) await sql`alter table ${t} alter column ${c} set default ${sql.raw(fallback)}`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(TIMESTAMPS)) {
    for (const column of columns) {
      await alterType(
        db,
        table,
        column,
        'timestamptz',
        `nullif(${column}, '')::timestamptz`,
        DEFAULT_NOW.has(`${table}.${column}`) ? 'CURRENT_TIMESTAMP' : undefined,
      );
    }
  }
  for (const [table, columns] of Object.entries(FLAGS)) {
    for (const [column, fallback] of Object.entries(columns)) {
      await alterType(db, table, column, 'boolean', `${column} <> 0`, String(fallback));
    }
  }
  await alterType(db, 'users', 'birthdate', 'date', `nullif(birthdate, '')::date`);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  for (const [table, columns] of Object.entries(TIMESTAMPS)) {
    for (const column of columns) {
      await alterType(
        db,
        table,
        column,
        'varchar(32)',
        iso(column),
        DEFAULT_NOW.has(`${table}.${column}`) ? 'CURRENT_TIMESTAMP' : undefined,
      );
    }
  }
  for (const [table, columns] of Object.entries(FLAGS)) {
    for (const column of Object.keys(columns)) await alterType(db, table, column, 'integer', `${column}::int`, '0');
  }
  await alterType(db, 'users', 'birthdate', 'varchar(10)', `to_char(birthdate, 'YYYY-MM-DD')`);
}
