import type { Db } from '../db/index.js';

/**
 * The number of rows of a table counted by the database's triggers (migration 026): what
 * `count(*)` over the whole table answers, without visiting every row.
 */
export async function rowCount(db: Db, table: 'users' | 'teams' | 'sessions'): Promise<number> {
  const row = await db.selectFrom('row_counts').select('row_count').where('table_name', '=', table).executeTakeFirst();
  return Number(row?.row_count ?? 0);
}
