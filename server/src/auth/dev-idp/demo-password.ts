import { timingSafeEqual } from 'node:crypto';

/** The demo accounts (README): the only identities the development provider signs in. */
export const DEMO_EMAILS: readonly string[] = [
  'admin@example.com',
  'dev@example.com',
  'esperto@example.com',
  'membro@example.com',
  'ospite@example.com',
];

const DEMO_PASSWORD = 'demo';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when the e-mail is a demo account and the password is the shared demo password. */
export function isDemoPassword(email: string, password: string): boolean {
  return DEMO_EMAILS.includes(email.trim().toLowerCase()) && sameText(password, DEMO_PASSWORD);
}
