import type { Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

const NEW_PERMISSIONS = [
  { name: 'read_accessibility_reports', description: 'Visualizzare le segnalazioni di accessibilità' },
  { name: 'update_accessibility_reports', description: 'Aggiornare lo stato delle segnalazioni di accessibilità' },
];

/**
 * Accessibility reports: what a signed-in person says does not work for them, with the page it
 * happened on and the state staff give it (new → in progress → resolved). The administrator role
 * of existing installations receives the two permissions that read and update them.
 */
export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('accessibility_reports');
  await (
    isPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reporter_name', 'varchar(512)', (c) => c.notNull())
    .addColumn('reporter_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('page_url', 'varchar(1024)')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('accessibility_reports_state_idx')
    .on('accessibility_reports')
    .columns(['state', 'created_at'])
    .execute();

  await db
    .insertInto('permissions')
    .values(NEW_PERMISSIONS)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const admins = await db.selectFrom('roles').select('id').where('name', '=', 'Amministratore').execute();
  for (const role of admins) {
    await db
      .insertInto('role_permissions')
      .values(NEW_PERMISSIONS.map(({ name }) => ({ role_id: role.id, permission_name: name })))
      .onConflict((oc) => oc.columns(['role_id', 'permission_name']).doNothing())
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('accessibility_reports').ifExists().execute();
  const names = NEW_PERMISSIONS.map(({ name }) => name);
  await db.deleteFrom('role_permissions').where('permission_name', 'in', names).execute();
  await db.deleteFrom('permissions').where('name', 'in', names).execute();
}
