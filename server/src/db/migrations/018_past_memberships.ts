import type { Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Memberships that ended: who was in which team, from when until when. Removing someone from a
 * team moves their membership here, so the participation report of a period they were in the team
 * still expects them at that period's sessions and still counts what they attended: a report sent
 * for last quarter reads the same after a member leaves. Memberships removed before this table
 * existed are gone and cannot be recovered, and so are those a process of the version before
 * removes during a rolling restart.
 */
export async function up(db: AnyDb): Promise<void> {
  const timestamp = isPostgres(db) ? 'timestamptz' : 'varchar(32)';
  const table = db.schema.createTable('past_team_members');
  await (
    isPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', timestamp, (c) => c.notNull())
    .addColumn('left_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('past_team_members_team_idx')
    .on('past_team_members')
    .columns(['team_id', 'left_at'])
    .execute();
  await db.schema.createIndex('past_team_members_user_idx').on('past_team_members').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('past_team_members').ifExists().execute();
}
