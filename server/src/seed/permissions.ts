import type { Db } from '../db/index.js';
import { PERMISSIONS } from '../access/permissions.js';

/**
 * Upserts the permission catalogue (names and Italian descriptions). Runs on every start, so
 * permissions added by an upgrade appear without touching the roles people built.
 */
export async function syncPermissions(db: Db): Promise<void> {
  const rows = Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description }));
  await db
    .insertInto('permissions')
    .values(rows)
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ description: eb.ref('excluded.description') })))
    .execute();
}
