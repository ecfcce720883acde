import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type GrantInstance, type ProviderContext } from 'oidc-provider';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { SIGN_IN_SCOPE } from '../scope.js';
import { findDevAccount } from './accounts.js';
import { errorPage, loggedOutPage, logoutPage } from './pages.js';

export const DEV_IDP_PREFIX = '/idp';

let signingKey: Promise<object> | null = null;

/** One RS256 key per process: the development provider's tokens need not outlive a restart. */
function devSigningKey(): Promise<object> {
  signingKey ??= generateKeyPair('RS256', { extractable: true }).then(async ({ privateKey }) => ({
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  }));
  return signingKey;
}

/** Our own SPA is a first-party client: consent is implied, so a grant is created without asking. */
async function loadOrGrantConsent(ctx: ProviderContext): Promise<GrantInstance | undefined> {
  const { client, session, result, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
  if (grantId) return provider.Grant.find(grantId);
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SIGN_IN_SCOPE);
  await grant.save();
  return grant;
}

/**
 * The built-in OpenID Connect provider (used when OIDC_ISSUER is unset): one confidential client,
 * authorization code with PKCE S256, accounts read from the users table, in-memory storage.
 */
export async function createDevProvider(config: Config, db: Db): Promise<Provider> {
  const label = config.providerLabel;
  const home = `${config.publicUrl}/`;
  const provider = new Provider(config.oidc.issuer, {
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: config.oidc.clientSecret,
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [home],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    async findAccount(_ctx: ProviderContext, sub: string): Promise<Account | undefined> {
      const claims = await findDevAccount(db, sub);
      return claims ? { accountId: sub, claims: async () => ({ ...claims }) } : undefined;
    },
    interactions: {
      url: async (_ctx: ProviderContext, interaction: { uid: string }) =>
        `${DEV_IDP_PREFIX}/interaction/${interaction.uid}`,
    },
    loadExistingGrant: loadOrGrantConsent,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [await devSigningKey()] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: ProviderContext, form: string) => {
          ctx.type = 'html';
          // Asked by Percorso itself (its client and registered return address): no second question.
          const params = (ctx.oidc as unknown as { params?: Record<string, unknown> }).params ?? {};
          const ours = params.client_id === config.oidc.clientId && params.post_logout_redirect_uri === home;
          ctx.body = logoutPage(label, form, ours);
        },
        postLogoutSuccessSource: async (ctx: ProviderContext) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(label, home);
        },
      },
    },
    renderError: async (ctx: ProviderContext, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(label, home, out.error_description || out.error || 'Richiesta non valida.');
    },
  });
  // Behind our own Fastify (and possibly a reverse proxy): trust X-Forwarded-* for the public address.
  provider.proxy = true;
  return provider;
}
