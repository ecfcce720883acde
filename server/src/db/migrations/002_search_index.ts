import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<unknown>;

/**
 * Search indexes that fold case and accents (server/src/db/search.ts explains the queries):
 * - SQLite: one FTS5 table per searched table, `search_<table>`, trigram tokenizer with
 *   diacritics removed (substring match, as LIKE '%…%'), rowid = the row's id, kept in step by
 *   triggers;
 * - PostgreSQL: `percorso_fold(text)` = lower(unaccent(text)), and a pg_trgm GIN index on
 *   `percorso_fold(column)` for every searched column.
 * The list is frozen here, as it was when this migration was written.
 */
export const SEARCHED: Record<string, Record<string, string[]>> = {
  users: {
    name: ['name'],
    email: ['email'],
    tax_id: ['tax_id'],
    full_name: ['name', 'surname'],
    full_name_reversed: ['surname', 'name'],
  },
  teams: { name: ['name'] },
  sessions: { name: ['name'], description: ['description'] },
  roles: { name: ['name'] },
  courses: { name: ['name'] },
  modules: { name: ['name'] },
  lessons: { name: ['name'] },
};

/** The indexed text: one column, or several joined by a space (`name surname`). */
export function expression(columns: string[], row = ''): string {
  return columns.map((c) => `${row}${c}`).join(" || ' ' || ");
}

/** Serialises extension creation between migrations running at once (test schemas, several processes). */
const EXTENSION_LOCK_KEY = 7_310_016;

async function extensionSchema(db: AnyDb, name: string): Promise<string> {
  const row = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = ${name}`.execute(db);
  return row.rows[0]!.schema;
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(${EXTENSION_LOCK_KEY})`.execute(db);
  // Both ship with PostgreSQL (contrib) and are trusted: a database owner may create them.
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const unaccent = sql.id(await extensionSchema(db, 'unaccent'));
  const trgm = await extensionSchema(db, 'pg_trgm');
  // unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the fold
  // IMMUTABLE, as an index expression must be.
  await sql`
    create or replace function percorso_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(${unaccent}.unaccent(${sql.lit(`${await extensionSchema(db, 'unaccent')}.unaccent`)}::regdictionary, value)) $$`.execute(
    db,
  );
  for (const [table, columns] of Object.entries(SEARCHED)) {
    for (const [name, parts] of Object.entries(columns)) {
      await sql`create index ${sql.id(`${table}_${name}_search_idx`)} on ${sql.table(table)}
        using gin (percorso_fold(${sql.raw(expression(parts))}) ${sql.id(trgm)}.gin_trgm_ops)`.execute(db);
    }
  }
}

async function upSqlite(db: AnyDb): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) {
    const fts = `search_${table}`;
    const names = Object.keys(columns);
    const list = names.join(', ');
    const values = (row: string) => names.map((n) => expression(columns[n], row)).join(', ');
    await sql
      .raw(`create virtual table ${fts} using fts5(${list}, tokenize = 'trigram remove_diacritics 1')`)
      .execute(db);
    await sql.raw(`insert into ${fts} (rowid, ${list}) select id, ${values('')} from ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_insert after insert on ${table} begin
      insert into ${fts} (rowid, ${list}) values (new.id, ${values('new.')}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_update after update on ${table} begin
      update ${fts} set ${names.map((n) => `${n} = ${expression(columns[n], 'new.')}`).join(', ')} where rowid = old.id; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_delete after delete on ${table} begin
      delete from ${fts} where rowid = old.id; end`,
      )
      .execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED)) {
    if (isPostgres(db)) {
      for (const name of Object.keys(columns))
        await sql`drop index if exists ${sql.id(`${table}_${name}_search_idx`)}`.execute(db);
    } else {
      for (const suffix of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger if exists search_${table}_${suffix}`).execute(db);
      await sql.raw(`drop table if exists search_${table}`).execute(db);
    }
  }
  if (isPostgres(db)) await sql`drop function if exists percorso_fold(text)`.execute(db);
}
