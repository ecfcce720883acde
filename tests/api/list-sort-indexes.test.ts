import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isPostgresDb } from '../../server/src/db/index.js';
import { databases, useTestApp } from './helpers.js';

/**
 * The lists that grow with the incubator read a page in index order: `order by <key>, id` (the
 * shape every list sorts with, see modules/list.ts) never sorts the whole table, so a deep
 * page costs what the first one does.
 */
const SORTED_LISTS: Array<{ table: string; key: string; direction: 'asc' | 'desc'; index: string }> = [
  { table: 'teams', key: 'name', direction: 'asc', index: 'teams_name_id_idx' },
  { table: 'teams', key: 'created_at', direction: 'desc', index: 'teams_created_at_id_idx' },
  { table: 'users', key: 'created_at', direction: 'desc', index: 'users_created_at_id_idx' },
  { table: 'users', key: 'name', direction: 'asc', index: 'users_name_id_idx' },
  { table: 'users', key: 'surname', direction: 'asc', index: 'users_surname_id_idx' },
  { table: 'sessions', key: 'start_time', direction: 'desc', index: 'sessions_start_time_id_idx' },
];

describe.each(databases)('list pages read in index order (%s)', (kind) => {
  const ctx = useTestApp(kind);

  async function plan(text: string): Promise<string> {
    if (!isPostgresDb(ctx.db)) {
      const rows = await ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`));
      return rows.rows.map((r) => r.detail).join('\n');
    }
    return ctx.db.transaction().execute(async (trx) => {
      // Tiny test tables: forbid the sequential scan and the sort so the plan shows whether an index serves.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${text}`));
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it.each(SORTED_LISTS)(
    '$table by $key: a page comes from $index without a sort',
    async ({ table, key, direction, index }) => {
      const text = `select * from ${table} order by ${key} ${direction}, id ${direction} limit 15 offset 300`;
      const shown = await plan(text);
      expect(shown).toContain(index);
      if (kind === 'sqlite') expect(shown).not.toMatch(/TEMP B-TREE/);
      else expect(shown).not.toMatch(/^\s*(->\s*)?Sort\b/m);
    },
  );
});
