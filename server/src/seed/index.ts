import { sql } from 'kysely';
import type { Config } from '../config.js';
import { isPostgresDb, type Db } from '../db/index.js';
import { seedDemo } from './demo.js';
import { syncPermissions } from './permissions.js';
import { wipeData } from './wipe.js';

export { seedDemo } from './demo.js';
export { wipeData } from './wipe.js';

/** Serialises concurrent first starts of several server processes on one PostgreSQL. */
const SEED_LOCK_KEY = 7_310_042;

/**
 * Run at every start: upserts the permission catalogue, then writes the demo data if (and only
 * if) there are no users yet and sign-in goes through the development provider (the demo
 * accounts never exist next to a real provider: there the first administrator comes from
 * ADMIN_EMAILS). One transaction, so a failed seed leaves nothing half-written.
 * Resolves true when the demo data was written.
 */
export async function seedIfEmpty(
  db: Db,
  config: Pick<Config, 'completionThreshold'> & { oidc?: Pick<Config['oidc'], 'external'> },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (isPostgresDb(trx)) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    await syncPermissions(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser || config.oidc?.external) return false;
    await seedDemo(trx, { completionThreshold: config.completionThreshold });
    return true;
  });
}

/** Deletes all data and writes the demo data again (`npm run db:seed -- --force`). */
export async function reseed(db: Db, config: Pick<Config, 'completionThreshold'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await wipeData(trx);
    await seedDemo(trx, { completionThreshold: config.completionThreshold });
  });
}
