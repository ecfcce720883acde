import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { HttpError } from '../lib/errors.js';
import type { IdentityClaims } from './oidcClient.js';

function namesOf(claims: IdentityClaims, email: string): { name: string; surname: string } {
  if (claims.given_name || claims.family_name) {
    return { name: claims.given_name ?? '', surname: claims.family_name ?? '' };
  }
  if (claims.name) {
    const [first, ...rest] = claims.name.split(/\s+/);
    return { name: first, surname: rest.join(' ') };
  }
  return { name: email.split('@')[0], surname: '' };
}

async function byEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'oidc_subject'])
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
}

/**
 * The local user behind a provider identity: by subject, else by verified e-mail (the subject is
 * then remembered), else a new plain user. Returns the user id.
 */
export async function resolveLocalUser(db: Db, claims: IdentityClaims, now = new Date()): Promise<number> {
  const known = await db.selectFrom('users').select('id').where('oidc_subject', '=', claims.sub).executeTakeFirst();
  if (known) return known.id;

  const email = claims.email;
  if (!email) {
    throw new HttpError(422, 'Il provider di identità non ha fornito un indirizzo email.');
  }
  const existing = await byEmail(db, email);
  if (existing) {
    if (!claims.email_verified || existing.oidc_subject) {
      throw new HttpError(422, 'Questo indirizzo email è già associato a un altro account.');
    }
    await db
      .updateTable('users')
      .set({ oidc_subject: claims.sub, updated_at: now.toISOString() })
      .where('id', '=', existing.id)
      .where('oidc_subject', 'is', null)
      .execute();
    return existing.id;
  }

  const stamp = now.toISOString();
  try {
    const created = await db
      .insertInto('users')
      .values({
        ...namesOf(claims, email),
        email,
        avatar: claims.picture ?? null,
        oidc_subject: claims.sub,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  } catch (error) {
    // Two first sign-ins of the same person at once: the other one created the row.
    const raced = await db.selectFrom('users').select('id').where('oidc_subject', '=', claims.sub).executeTakeFirst();
    if (raced) return raced.id;
    throw error;
  }
}
