import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Erasure:
 * - `audit_log.actor_name`, `actor_email`: who a deleted staff member was, written on their own
 *   audit records when their account is deleted (the records outlive the account; the link to
 *   the users table does not);
 * - `erasure_requests`: a signed-in person's request to have their data erased, until staff carry
 *   it out by deleting the account (then `completed_at`/`completed_by`, and `user_id` becomes null).
 *   At most one pending request per person (a partial unique index).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('actor_name', 'varchar(512)').execute();
  await db.schema.alterTable('audit_log').addColumn('actor_email', 'varchar(255)').execute();

  const table = db.schema.createTable('erasure_requests');
  await (
    isPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('completed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create unique index erasure_requests_pending_uq on erasure_requests (user_id) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('erasure_requests_requested_idx')
    .on('erasure_requests')
    .columns(['requested_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('erasure_requests').ifExists().execute();
  await db.schema.alterTable('audit_log').dropColumn('actor_email').execute();
  await db.schema.alterTable('audit_log').dropColumn('actor_name').execute();
}
