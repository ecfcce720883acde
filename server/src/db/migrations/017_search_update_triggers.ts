import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';
import { expression, SEARCHED } from './002_search_index.js';

type AnyDb = Kysely<unknown>;

/**
 * SQLite's search tables (migration 002) were kept in step by a trigger on every update of a
 * searched table's row, whatever it changed: a team's member count (migration 016) or a person's
 * photo rewrote their search row for nothing. The update triggers now fire only when a searched
 * column changes. PostgreSQL's search indexes are expression indexes, with no triggers.
 */
function updateTrigger(table: string, only: boolean): string {
  const columns = SEARCHED[table];
  const names = Object.keys(columns);
  const sources = [...new Set(Object.values(columns).flat())];
  const set = names.map((n) => `${n} = ${expression(columns[n], 'new.')}`).join(', ');
  return `create trigger search_${table}_update after update${only ? ` of ${sources.join(', ')}` : ''} on ${table} begin
    update search_${table} set ${set} where rowid = old.id; end`;
}

async function recreate(db: AnyDb, only: boolean): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of Object.keys(SEARCHED)) {
    await sql.raw(`drop trigger if exists search_${table}_update`).execute(db);
    await sql.raw(updateTrigger(table, only)).execute(db);
  }
}

export const up = (db: AnyDb) => recreate(db, true);

export const down = (db: AnyDb) => recreate(db, false);
