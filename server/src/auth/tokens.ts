import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';

/** Opaque bearer tokens: the client holds the random value, the database only its SHA-256. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** The longest User-Agent kept: enough for any real browser's, not for a padded one. */
const USER_AGENT_MAX = 512;

/** The opaque id a sign-in is listed and ended by: random, unrelated to the token and its hash. */
export function newPublicId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * `idToken`: the provider's ID token of this sign-in, kept for the logout's `id_token_hint`;
 * `userAgent`: the browser's, shown in the list of one's sign-ins.
 */
export async function issueToken(
  db: Db,
  userId: number,
  ttlSeconds: number,
  now = new Date(),
  idToken: string | null = null,
  userAgent: string | null = null,
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(raw),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      created_at: now.toISOString(),
      id_token: idToken,
      public_id: newPublicId(),
      user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    })
    .execute();
  return raw;
}

/** Revokes a token; returns the provider's ID token it was issued with, if any. */
export async function revokeToken(db: Db, raw: string): Promise<{ idToken: string | null }> {
  const row = await db
    .deleteFrom('access_tokens')
    .where('token_hash', '=', hashToken(raw))
    .returning('id_token')
    .executeTakeFirst();
  return { idToken: row?.id_token ?? null };
}

/**
 * Deletes the tokens that expired before `before`, with the provider's ID token kept with each;
 * returns how many went.
 */
export async function purgeExpiredTokens(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('expires_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
