import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Who is saving which record right now, shared by every server process: one row per record being
 * saved, with a random holder and the moment the lease lapses if its process dies mid-save
 * (plugins/edit-versions.ts). Unlogged on PostgreSQL: a crash forgets the leases, which only ever
 * live for the length of a save.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`create unlogged table edit_leases (key text primary key, holder text not null, expires_at bigint not null)`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable('edit_leases')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('edit_leases').ifExists().execute();
}
