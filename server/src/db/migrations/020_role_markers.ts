import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * A fixed marker on the roles the server itself relies on, so that finding them never follows a
 * name staff may change: `system_key` 'administrator' is the role ADMIN_EMAILS grants. Renaming
 * roles does not move it. It goes to the installation's administrator role as it stands: the
 * oldest role named "Amministratore" that does not hold "developer" (a role that holds it was
 * never the administrator role the server created or seeded).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('roles').addColumn('system_key', 'varchar(32)').execute();
  await db.schema.createIndex('roles_system_key_idx').on('roles').column('system_key').unique().execute();
  const administrator = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'Amministratore')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('role_permissions')
            .select(sql.lit(1).as('one'))
            .whereRef('role_permissions.role_id', '=', 'roles.id')
            .where('role_permissions.permission_name', '=', 'developer'),
        ),
      ),
    )
    .orderBy('id')
    .executeTakeFirst();
  if (administrator)
    await db.updateTable('roles').set({ system_key: 'administrator' }).where('id', '=', administrator.id).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('roles_system_key_idx').ifExists().execute();
  await db.schema.alterTable('roles').dropColumn('system_key').execute();
}
