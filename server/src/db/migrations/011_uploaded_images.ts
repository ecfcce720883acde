import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Uploaded images (team logos, course and module covers) live in the database, so that every
 * server process serves them without a shared disk. A row is keyed by the public path records
 * point at (`/storage/<folder>/<name>.webp`) and is never updated: a new upload gets a new name.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  await db.schema
    .createTable('uploaded_images')
    .addColumn('path', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('etag', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('uploaded_images').ifExists().execute();
}
