import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * When each member joined their team. Attendance figures expect a member only at the sessions that
 * start from then on: someone added in November was not absent from September's sessions.
 * Memberships recorded before this column get their team's creation, the date from which they were
 * already expected, so no existing figure changes. Every membership written since carries its date.
 * On PostgreSQL the column is required and defaults to the time of the write, so that a process
 * still running the code from before (a rolling restart) adds members as it did, dated correctly.
 * SQLite cannot add such a column to a table; there a membership without a date reads as one from
 * the team's creation (modules/shared.ts, memberSince).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('team_members')
    .addColumn('joined_at', isPostgres(db) ? 'timestamptz' : 'varchar(32)')
    .execute();
  await sql`update team_members set joined_at = (select teams.created_at from teams where teams.id = team_members.team_id)`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`alter table team_members alter column joined_at set not null`.execute(db);
    await sql`alter table team_members alter column joined_at set default CURRENT_TIMESTAMP`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('team_members').dropColumn('joined_at').execute();
}
