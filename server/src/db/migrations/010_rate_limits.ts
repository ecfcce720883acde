import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Rate-limit counters shared by every server process on PostgreSQL: one row per limited key
 * (a client address, a user) with the hits of its current window. Unlogged on PostgreSQL: a
 * crash may forget the counters, which costs nothing but a fresh minute.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  if (postgres) {
    await sql`create unlogged table rate_limit_hits (key text primary key, hits integer not null, window_started bigint not null)`.execute(
      db,
    );
  } else {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('window_started', 'bigint', (c) => c.notNull())
      .execute();
  }
  await db.schema.createIndex('rate_limit_hits_window').on('rate_limit_hits').column('window_started').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
