import { sql } from 'kysely';
import { isPostgresDb, type Db } from '../db/index.js';
import type { Database } from '../db/schema.js';

/** Children before parents, so deletes never trip a foreign key. */
const TABLES: Array<keyof Database> = [
  'used_auth_codes',
  'access_token_uses',
  'access_tokens',
  'lesson_progress',
  'lessons',
  'modules',
  'courses',
  'attendance_imports',
  'attendances',
  'session_teams',
  'session_experts',
  'sessions',
  'expert_teams',
  'past_team_members',
  'team_members',
  'teams',
  'user_roles',
  'role_permissions',
  'roles',
  'users',
];

/**
 * Deletes every row of every table but the permission catalogue and restarts the id counters,
 * so a reseeded database gets the same ids as a fresh one (membro@example.com's team is 1).
 */
export async function wipeData(db: Db): Promise<void> {
  if (isPostgresDb(db)) {
    await sql`truncate table ${sql.join(TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(db);
    return;
  }
  for (const table of TABLES) await db.deleteFrom(table).execute();
  const hasSequences = await sql<{
    name: string;
  }>`select name from sqlite_master where name = 'sqlite_sequence'`.execute(db);
  if (hasSequences.rows.length) await sql`delete from sqlite_sequence`.execute(db);
}
