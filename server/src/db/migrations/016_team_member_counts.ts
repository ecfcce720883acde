import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Each team keeps its number of members (`teams.members_count`), kept by the database itself:
 * triggers on team_members add one for every membership written and take one off for every one
 * deleted, whoever writes it (this version, a process still running the one before during a
 * rolling restart, a cascade from a deleted user). Every list of teams shows the count; reading it
 * from the team's row spares each page a grouped count over the memberships, while a membership
 * changes a few times a year.
 *
 * A backup keeps the counts with the rows: SQLite's copies pages, and pg_restore loads the data
 * before it creates the triggers.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('members_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update teams set members_count = (select count(*) from team_members where team_members.team_id = teams.id)`.execute(
    db,
  );
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`create trigger team_members_count_insert after insert on team_members begin
    update teams set members_count = members_count + 1 where id = new.team_id; end`.execute(db);
  await sql`create trigger team_members_count_delete after delete on team_members begin
    update teams set members_count = members_count - 1 where id = old.team_id; end`.execute(db);
  await sql`create trigger team_members_count_move after update of team_id on team_members
    when old.team_id <> new.team_id begin
    update teams set members_count = members_count - 1 where id = old.team_id;
    update teams set members_count = members_count + 1 where id = new.team_id; end`.execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`create function percorso_count_team_members() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update teams set members_count = members_count - 1 where id = old.team_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update teams set members_count = members_count + 1 where id = new.team_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger team_members_count after insert or delete on team_members
    for each row execute function percorso_count_team_members()`.execute(db);
  await sql`create trigger team_members_count_move after update of team_id on team_members
    for each row when (old.team_id is distinct from new.team_id) execute function percorso_count_team_members()`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists team_members_count_move on team_members`.execute(db);
    await sql`drop trigger if exists team_members_count on team_members`.execute(db);
    await sql`drop function if exists percorso_count_team_members()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'move'])
      await sql.raw(`drop trigger if exists team_members_count_${name}`).execute(db);
  }
  await db.schema.alterTable('teams').dropColumn('members_count').execute();
}
