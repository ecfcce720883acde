import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Every list sorts by its key and then by id (so pages never overlap): an index on both columns
 * lets a page be read in order, `limit` rows at a time, instead of sorting the whole table for
 * each request — the deep pages of `GET /api/teams?sort=name` sorted a thousand rows every time.
 * The sort keys of the lists that grow with the incubator: teams and people.
 */
const INDEXES: Array<{ name: string; table: string; columns: string[]; replaces?: string }> = [
  { name: 'teams_name_id_idx', table: 'teams', columns: ['name', 'id'] },
  { name: 'teams_created_at_id_idx', table: 'teams', columns: ['created_at', 'id'], replaces: 'teams_created_at_idx' },
  { name: 'users_created_at_id_idx', table: 'users', columns: ['created_at', 'id'], replaces: 'users_created_at_idx' },
  { name: 'users_name_id_idx', table: 'users', columns: ['name', 'id'] },
  { name: 'users_surname_id_idx', table: 'users', columns: ['surname', 'id'] },
  {
    name: 'sessions_start_time_id_idx',
    table: 'sessions',
    columns: ['start_time', 'id'],
    replaces: 'sessions_start_time_idx',
  },
];

export async function up(db: AnyDb): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces).ifExists().execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of [...INDEXES].reverse()) {
    await db.schema.dropIndex(index.name).execute();
    if (index.replaces) {
      await db.schema.createIndex(index.replaces).on(index.table).column(index.columns[0]).execute();
    }
  }
}
