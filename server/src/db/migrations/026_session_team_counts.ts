import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Each session keeps the number of teams it is attached to (`sessions.teams_count`), kept by the
 * database itself: triggers on session_teams add one for every link written and take one off for
 * every one deleted, whoever writes it. A session attached to no team is for every team, and a
 * team's sessions are its own links plus those: with the count on the row and an index on
 * (teams_count, start_time, id), the sessions for every team are read from the index instead of
 * testing every session of the programme for the absence of a link — a team's list, its count and
 * its reports then cost what the team and the programme's events hold, not what every other team
 * holds.
 *
 * The rows of the tables with long unfiltered lists (users, teams, sessions) are counted the same
 * way in `row_counts`: the first page of each list shows its total, and `count(*)` over the whole
 * table visits every row (PostgreSQL keeps no count), so that page's cost grew with the table.
 * PostgreSQL counts once per statement (transition tables) and a TRUNCATE sets the count to 0.
 *
 * A backup keeps the counts with the rows: SQLite's copies pages, and pg_restore loads the data
 * before it creates the triggers.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('teams_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update sessions set teams_count = (select count(*) from session_teams where session_teams.session_id = sessions.id)
    where exists (select 1 from session_teams where session_teams.session_id = sessions.id)`.execute(db);
  await db.schema
    .createIndex('sessions_teams_count_start_time_idx')
    .on('sessions')
    .columns(['teams_count', 'start_time', 'id'])
    .execute();
  await db.schema
    .createTable('row_counts')
    .addColumn('table_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .execute();
  for (const table of COUNTED)
    await sql`insert into row_counts (table_name, row_count) select ${table}, count(*) from ${sql.table(table)}`.execute(
      db,
    );
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

/** The tables whose rows `row_counts` counts. */
const COUNTED = ['users', 'teams', 'sessions'] as const;

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`create trigger session_teams_count_insert after insert on session_teams begin
    update sessions set teams_count = teams_count + 1 where id = new.session_id; end`.execute(db);
  await sql`create trigger session_teams_count_delete after delete on session_teams begin
    update sessions set teams_count = teams_count - 1 where id = old.session_id; end`.execute(db);
  await sql`create trigger session_teams_count_move after update of session_id on session_teams
    when old.session_id <> new.session_id begin
    update sessions set teams_count = teams_count - 1 where id = old.session_id;
    update sessions set teams_count = teams_count + 1 where id = new.session_id; end`.execute(db);
  for (const table of COUNTED) {
    await sql
      .raw(
        `create trigger ${table}_row_count_insert after insert on ${table} begin
        update row_counts set row_count = row_count + 1 where table_name = '${table}'; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_row_count_delete after delete on ${table} begin
        update row_counts set row_count = row_count - 1 where table_name = '${table}'; end`,
      )
      .execute(db);
  }
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`create function percorso_count_session_teams() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update sessions set teams_count = teams_count - 1 where id = old.session_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update sessions set teams_count = teams_count + 1 where id = new.session_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger session_teams_count after insert or delete on session_teams
    for each row execute function percorso_count_session_teams()`.execute(db);
  await sql`create trigger session_teams_count_move after update of session_id on session_teams
    for each row when (old.session_id is distinct from new.session_id) execute function percorso_count_session_teams()`.execute(
    db,
  );
  await sql`create function percorso_count_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update row_counts set row_count = row_count + (select count(*) from added) where table_name = tg_table_name;
      elsif tg_op = 'DELETE' then
        update row_counts set row_count = row_count - (select count(*) from removed) where table_name = tg_table_name;
      else
        update row_counts set row_count = 0 where table_name = tg_table_name;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of COUNTED) {
    await sql
      .raw(
        `create trigger ${table}_row_count_insert after insert on ${table} referencing new table as added
        for each statement execute function percorso_count_rows()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_row_count_delete after delete on ${table} referencing old table as removed
        for each statement execute function percorso_count_rows()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_row_count_truncate after truncate on ${table} for each statement execute function percorso_count_rows()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of COUNTED)
    for (const kind of ['insert', 'delete', 'truncate'])
      await sql
        .raw(`drop trigger if exists ${table}_row_count_${kind}${isPostgres(db) ? ` on ${table}` : ''}`)
        .execute(db);
  if (isPostgres(db)) await sql`drop function if exists percorso_count_rows()`.execute(db);
  await db.schema.dropTable('row_counts').execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists session_teams_count_move on session_teams`.execute(db);
    await sql`drop trigger if exists session_teams_count on session_teams`.execute(db);
    await sql`drop function if exists percorso_count_session_teams()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'move'])
      await sql.raw(`drop trigger if exists session_teams_count_${name}`).execute(db);
  }
  await db.schema.dropIndex('sessions_teams_count_start_time_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('teams_count').execute();
}
