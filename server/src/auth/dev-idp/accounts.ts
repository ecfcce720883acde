import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { isDemoPassword } from './demo-password.js';

/** The development provider's subject for a local user: stable for the life of the database row. */
export function subjectOf(userId: number): string {
  return `user-${userId}`;
}

function userIdOf(subject: string): number | null {
  const match = /^user-(\d+)$/.exec(subject);
  return match ? Number(match[1]) : null;
}

export interface DevClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
  picture?: string;
}

export function claimsOf(user: Pick<UserRow, 'id' | 'name' | 'surname' | 'email' | 'avatar'>): DevClaims {
  return {
    sub: subjectOf(user.id),
    email: user.email,
    email_verified: true,
    given_name: user.name,
    family_name: user.surname,
    name: `${user.name} ${user.surname}`.trim(),
    ...(user.avatar ? { picture: user.avatar } : {}),
  };
}

const columns = ['id', 'name', 'surname', 'email', 'avatar'] as const;

export async function findDevAccount(db: Db, subject: string): Promise<DevClaims | null> {
  const id = userIdOf(subject);
  if (id === null) return null;
  const user = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return user ? claimsOf(user) : null;
}

/** The subject of the demo account these credentials open, or null. */
export async function authenticateDevAccount(db: Db, login: string, password: string): Promise<string | null> {
  const email = login.trim().toLowerCase();
  if (!isDemoPassword(email, password)) return null;
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return user ? subjectOf(user.id) : null;
}
