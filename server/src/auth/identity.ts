import type { Config } from '../config.js';
import type { SignInRepository } from './sign-in-repository.js';
import type { IdentityClaims } from './oidc-client.js';

/** Why a person who signed in at the provider is not let in; the SPA shows a line for each. */
export type RefusalReason = 'email_missing' | 'email_unverified' | 'email_taken' | 'not_invited' | 'demo_disabled';

const MESSAGES: Record<RefusalReason, string> = {
  email_missing: 'Il provider di identità non ha fornito un indirizzo email.',
  email_unverified: 'Il provider di identità non conferma che il tuo indirizzo email sia verificato.',
  email_taken: 'Questo indirizzo email è già collegato a un altro account del provider di identità.',
  not_invited: 'Il tuo account non è stato ancora abilitato: chiedi al tuo referente di invitarti.',
  demo_disabled: 'Gli account dimostrativi sono disattivati: accedi con il tuo account personale.',
};

export class SignInRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    /** For the operator's log. */
    readonly detail: string,
  ) {
    super(MESSAGES[reason]);
  }
}

export type SignInPolicy = Pick<Config, 'signUp' | 'adminEmails'> & {
  trustEmail: boolean;
  /** The provider's issuer as identities keep it (auth/identities.ts): with the subject, the identity. */
  issuer: string;
  /** A real provider is configured: the demo seed's accounts are refused (users.demo). */
  refuseDemo: boolean;
};

function refuseDemo(user: { demo: boolean }, policy: SignInPolicy, email: string | undefined): void {
  if (user.demo && policy.refuseDemo) {
    throw new SignInRefusedError(
      'demo_disabled',
      `${email ?? 'the account'} is a demo account, disabled under OIDC_ISSUER`,
    );
  }
}

/**
 * The local names: `given_name` and `family_name` when the provider sends them; with `name` alone,
 * all of it is the shown name (no split is guessed: "Maria Teresa De Luca" has no knowable first
 * name); with neither, the e-mail's local part.
 */
export function namesOf(claims: IdentityClaims, email: string): { name: string; surname: string } {
  if (claims.given_name || claims.family_name) {
    return { name: claims.given_name ?? '', surname: claims.family_name ?? '' };
  }
  if (claims.name) return { name: claims.name, surname: '' };
  return { name: email.split('@')[0], surname: '' };
}

/**
 * The local user behind a provider identity, or a refusal:
 * - a subject seen before from the same issuer is the same user (the same subject from another
 *   issuer is another identity);
 * - demo accounts are refused once a real provider is configured;
 * - else a user staff created with the same e-mail is linked, only when the provider vouches for
 *   the address (`email_verified`, or OIDC_TRUST_EMAIL for a provider that never sends it);
 * - else, under SIGN_UP=open, a plain user is created (again only for a vouched-for address);
 *   under SIGN_UP=invite only the ADMIN_EMAILS addresses are.
 * A user whose own e-mail is in ADMIN_EMAILS receives the administrator role once, when the account
 * is created or first linked (both need a vouched-for address): not at later sign-ins, so neither
 * a removal by staff nor a later change of the provider's e-mail claim is undone or followed.
 */
export async function resolveLocalUser(
  repo: SignInRepository,
  claims: IdentityClaims,
  policy: SignInPolicy,
): Promise<number> {
  const email = claims.email;
  const vouched = Boolean(email) && (claims.email_verified === true || policy.trustEmail);
  const administrator = vouched && policy.adminEmails.includes(email!.toLowerCase());
  const { userId, first } = await findOrCreate(repo, claims, policy, vouched, administrator);
  if (first) await repo.grantAdministrator(userId, policy.adminEmails);
  return userId;
}

async function findOrCreate(
  repo: SignInRepository,
  claims: IdentityClaims,
  policy: SignInPolicy,
  vouched: boolean,
  administrator: boolean,
): Promise<{ userId: number; first: boolean }> {
  const known = await repo.userBySubject(policy.issuer, claims.sub);
  if (known !== null) {
    refuseDemo(known, policy, claims.email);
    return { userId: known.id, first: false };
  }

  const email = claims.email;
  if (!email)
    throw new SignInRefusedError('email_missing', 'the provider sent no email claim (is the email scope granted?)');
  const existing = await repo.userByEmail(email);
  if (existing) refuseDemo(existing, policy, email);
  if (existing?.oidc_subject) {
    throw new SignInRefusedError('email_taken', `${email} is already linked to another subject of the provider`);
  }
  if (!vouched) {
    throw new SignInRefusedError(
      'email_unverified',
      `the provider does not say ${email} is verified (email_verified is not true; OIDC_TRUST_EMAIL=true trusts every address it sends)`,
    );
  }
  if (existing) {
    if (await repo.linkSubject(existing.id, policy.issuer, claims.sub)) return { userId: existing.id, first: true };
    const raced = await repo.userBySubject(policy.issuer, claims.sub);
    if (raced !== null) return { userId: raced.id, first: false };
    throw new SignInRefusedError('email_taken', `${email} was linked to another subject meanwhile`);
  }
  if (policy.signUp === 'invite' && !administrator) {
    throw new SignInRefusedError('not_invited', `${email} has no user and SIGN_UP=invite`);
  }
  try {
    const userId = await repo.createUser({
      ...namesOf(claims, email),
      email,
      avatar: claims.picture ?? null,
      oidc_issuer: policy.issuer,
      oidc_subject: claims.sub,
    });
    return { userId, first: true };
  } catch (error) {
    // Two first sign-ins of the same person at once: the other one created the row.
    const raced = await repo.userBySubject(policy.issuer, claims.sub);
    if (raced !== null) return { userId: raced.id, first: false };
    throw error;
  }
}
