import type { Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

const NEW_PERMISSIONS = [
  { name: 'read_{{name}}', description: {{q:permRead}} },
  { name: 'create_{{name}}', description: {{q:permCreate}} },
  { name: 'update_{{name}}', description: {{q:permUpdate}} },
  { name: 'delete_{{name}}', description: {{q:permDelete}} },
];

/**
 * {{labelPlural}}: a name (unique, compared without case) and a description. The list sorts by
 * creation or name, then by id: an index on each pair. The administrator role of existing
 * installations receives the four permissions that read and change them (a new installation's
 * gets them from the seed, which gives that role the whole catalogue).
 */
export async function up(db: AnyDb): Promise<void> {
  const timestamp = isPostgres(db) ? 'timestamptz' : 'varchar(32)';
  const table = db.schema.createTable('{{name}}');
  await (
    isPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('{{name}}_created_at_id_idx').on('{{name}}').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('{{name}}_name_id_idx').on('{{name}}').columns(['name', 'id']).execute();

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
  await db.schema.dropTable('{{name}}').ifExists().execute();
  const names = NEW_PERMISSIONS.map(({ name }) => name);
  await db.deleteFrom('role_permissions').where('permission_name', 'in', names).execute();
  await db.deleteFrom('permissions').where('name', 'in', names).execute();
}
