import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';

/** Opaque bearer tokens: the client holds the random value, the database only its SHA-256. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export async function issueToken(db: Db, userId: number, ttlSeconds: number, now = new Date()): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(raw),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return raw;
}

export async function revokeToken(db: Db, raw: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('token_hash', '=', hashToken(raw)).execute();
}

export async function purgeExpiredTokens(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('access_tokens').where('expires_at', '<', now.toISOString()).execute();
}
