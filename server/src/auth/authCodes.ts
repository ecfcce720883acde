import type { Db } from '../db/index.js';
import { hashToken } from './tokens.js';

const KEEP_USED_CODES_MS = 24 * 3600 * 1000;

/**
 * Records a code as used; false when it already was. Checked before the provider is asked, so a
 * replayed code is refused even by a provider that forgets.
 */
export async function claimAuthCode(db: Db, code: string, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto('used_auth_codes')
    .values({ code_hash: hashToken(code), used_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('code_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Codes live minutes at any provider; a day of memory is plenty. */
export async function purgeUsedAuthCodes(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - KEEP_USED_CODES_MS).toISOString();
  await db.deleteFrom('used_auth_codes').where('used_at', '<', cutoff).execute();
}
