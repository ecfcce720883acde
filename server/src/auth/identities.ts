import type { Config } from '../config.js';
import type { Db } from '../db/index.js';

/**
 * The issuer the development provider's identities are kept under. Its real issuer is PUBLIC_URL
 * followed by /idp, which changes with the port; its subjects (`user-<id>`) name local users, so
 * they are the same identities whatever the address it is served at.
 */
export const DEV_PROVIDER_ISSUER = 'urn:percorso:development-provider';

/** The issuer an identity from the configured provider is kept under (users.oidc_issuer). */
export function identityIssuer(oidc: Pick<Config['oidc'], 'external' | 'issuer'>): string {
  return oidc.external ? oidc.issuer : DEV_PROVIDER_ISSUER;
}

/**
 * Gives an issuer to the identities linked before users.oidc_issuer existed (migration 023), at the
 * first start with this code: the provider configured then, which is the one they came from (a
 * subject was only ever matched against the configured provider). Demo accounts only ever signed
 * in through the development provider: theirs go under it. Resolves the number of rows adopted.
 */
export async function adoptLegacyIdentities(
  db: Db,
  oidc: Pick<Config['oidc'], 'external' | 'issuer'>,
): Promise<number> {
  const demo = await db
    .updateTable('users')
    .set({ oidc_issuer: DEV_PROVIDER_ISSUER })
    .where('oidc_subject', 'is not', null)
    .where('oidc_issuer', 'is', null)
    .where('demo', '=', 1)
    .executeTakeFirst();
  const others = await db
    .updateTable('users')
    .set({ oidc_issuer: identityIssuer(oidc) })
    .where('oidc_subject', 'is not', null)
    .where('oidc_issuer', 'is', null)
    .executeTakeFirst();
  return Number(demo.numUpdatedRows ?? 0) + Number(others.numUpdatedRows ?? 0);
}

/** How many demo accounts (users.demo: written by the demo seed) the database holds. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('demo', '=', 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
