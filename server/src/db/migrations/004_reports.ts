import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

const READ_REPORTS = { name: 'read_reports', description: 'Visualizzare i report di partecipazione e apprendimento' };

/**
 * The participation and learning reports: the `read_reports` permission, given to the
 * administrator role of existing installations (new ones get it from the demo seed), plus an index
 * of attendances by matched user.
 */
export async function up(db: AnyDb): Promise<void> {
  await db
    .insertInto('permissions')
    .values(READ_REPORTS)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const admins = await db.selectFrom('roles').select('id').where('name', '=', 'Amministratore').execute();
  for (const role of admins) {
    await db
      .insertInto('role_permissions')
      .values({ role_id: role.id, permission_name: READ_REPORTS.name })
      .onConflict((oc) => oc.columns(['role_id', 'permission_name']).doNothing())
      .execute();
  }
  await db.schema
    .createIndex('attendances_user_session_idx')
    .ifNotExists()
    .on('attendances')
    .columns(['user_id', 'session_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('attendances_user_session_idx').ifExists().execute();
  await db.deleteFrom('role_permissions').where('permission_name', '=', READ_REPORTS.name).execute();
  await db.deleteFrom('permissions').where('name', '=', READ_REPORTS.name).execute();
}
