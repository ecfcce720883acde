import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

const READ_AUDIT = { name: 'read_audit', description: 'Visualizzare il registro attività' };

/** The session columns a calendar event is made of: changing one makes a new revision. */
const EVENT_COLUMNS = ['name', 'type', 'description', 'start_time', 'end_time', 'join_instructions', 'join_url'];

/**
 * Calendar feeds, session revisions and the audit trail.
 *
 * - `sessions.sequence` / `sessions.updated_at`: a trigger bumps the sequence and stamps the time
 *   whenever a column that shows in a calendar event changes, whichever code path updates the row,
 *   so subscribed calendars replace the event (SEQUENCE and LAST-MODIFIED). A writer that sets
 *   `updated_at` itself keeps its value.
 * - `calendar_feeds`: one secret feed per user; only the token's SHA-256 is stored.
 * - `audit_log`: who changed what, with the fields before and after, as JSON text.
 * - `read_audit`: the permission of the "Registro attività" page, given to the administrator role.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('sessions')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('updated_at', 'varchar(32)').execute();
  await db
    .updateTable('sessions')
    .set({ updated_at: sql`created_at` })
    .execute();

  if (pg) {
    const changed = EVENT_COLUMNS.map((c) => `NEW.${c} IS DISTINCT FROM OLD.${c}`).join(' OR ');
    await sql
      .raw(
        `CREATE FUNCTION sessions_revision() RETURNS trigger AS $$
BEGIN
  IF ${changed} THEN
    NEW.sequence := OLD.sequence + 1;
    IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
      NEW.updated_at := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    END IF;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        'CREATE TRIGGER sessions_revision BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_revision()',
      )
      .execute(db);
  } else {
    const changed = EVENT_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
    await sql
      .raw(
        `CREATE TRIGGER sessions_revision AFTER UPDATE OF ${EVENT_COLUMNS.join(', ')} ON sessions
FOR EACH ROW WHEN ${changed}
BEGIN
  UPDATE sessions SET sequence = OLD.sequence + 1,
    updated_at = CASE WHEN NEW.updated_at IS NOT OLD.updated_at THEN NEW.updated_at
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
  WHERE id = NEW.id;
END`,
      )
      .execute(db);
  }

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  const audit = db.schema.createTable('audit_log');
  await (
    pg
      ? audit.addColumn('id', 'serial', (c) => c.primaryKey())
      : audit.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();

  await db
    .insertInto('permissions')
    .values(READ_AUDIT)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const admins = await db.selectFrom('roles').select('id').where('name', '=', 'Amministratore').execute();
  for (const role of admins) {
    await db
      .insertInto('role_permissions')
      .values({ role_id: role.id, permission_name: READ_AUDIT.name })
      .onConflict((oc) => oc.columns(['role_id', 'permission_name']).doNothing())
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('role_permissions').where('permission_name', '=', READ_AUDIT.name).execute();
  await db.deleteFrom('permissions').where('name', '=', READ_AUDIT.name).execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
  await sql.raw('DROP TRIGGER IF EXISTS sessions_revision' + (isPostgres(db) ? ' ON sessions' : '')).execute(db);
  if (isPostgres(db)) await sql.raw('DROP FUNCTION IF EXISTS sessions_revision()').execute(db);
  await db.schema.alterTable('sessions').dropColumn('updated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('sequence').execute();
}
