import * as client from 'openid-client';
import type { Config } from '../config.js';

/** What the provider tells us about the person signing in (ID token merged with userinfo). */
export interface IdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

/** The provider refused the code (unknown, expired, reused, wrong verifier or redirect). */
export class CodeRejectedError extends Error {}
/** The provider could not be reached or answered something unusable. */
export class ProviderUnavailableError extends Error {}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function identityFrom(claims: Record<string, unknown>): IdentityClaims {
  const sub = text(claims.sub);
  if (!sub) throw new ProviderUnavailableError('the provider returned no subject');
  return {
    sub,
    email: text(claims.email)?.toLowerCase(),
    email_verified: claims.email_verified === true || claims.email_verified === 'true',
    given_name: text(claims.given_name),
    family_name: text(claims.family_name),
    name: text(claims.name),
    picture: text(claims.picture),
  };
}

/** Errors that mean "this code is no good", as opposed to "the provider is not answering". */
function isRejection(error: unknown): boolean {
  return (
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError ||
    (error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_'))
  );
}

/**
 * The OpenID Connect relying party: discovery (cached, retried after a failure), the code exchange
 * and the userinfo call. Plain-http issuers are allowed only because the development provider is
 * served over http on a developer's machine.
 */
export class OidcClient {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(private readonly config: Config) {}

  get redirectUri(): string {
    return `${this.config.publicUrl}/auth/callback`;
  }

  private configuration(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.config.oidc;
    const insecure = issuer.startsWith('http:');
    this.discovered ??= client
      .discovery(
        new URL(issuer),
        clientId,
        clientSecret || undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((error: unknown) => {
        this.discovered = null;
        throw new ProviderUnavailableError(`discovery of ${issuer} failed: ${String(error)}`);
      });
    return this.discovered;
  }

  /** The URL the browser is sent to; the development provider's is known without a round trip. */
  async authorizationEndpoint(): Promise<string> {
    if (!this.config.oidc.external) return `${this.config.oidc.issuer}/auth`;
    const endpoint = (await this.configuration()).serverMetadata().authorization_endpoint;
    if (!endpoint) throw new ProviderUnavailableError('the provider has no authorization endpoint');
    return endpoint;
  }

  /** Exchanges an authorization code and returns who signed in. */
  async exchange(code: string, codeVerifier: string | undefined): Promise<IdentityClaims> {
    const configuration = await this.configuration();
    const metadata = configuration.serverMetadata();
    // The SPA received the authorization response; rebuild it as openid-client expects it.
    const response = new URL(this.redirectUri);
    response.searchParams.set('code', code);
    if (metadata.authorization_response_iss_parameter_supported) response.searchParams.set('iss', metadata.issuer);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, response, {
        pkceCodeVerifier: codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      if (isRejection(error)) throw new CodeRejectedError(String(error));
      throw new ProviderUnavailableError(`code exchange failed: ${String(error)}`);
    }
    const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
    if (!metadata.userinfo_endpoint) return identityFrom(idClaims);
    try {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, String(idClaims.sub));
      return identityFrom({ ...idClaims, ...info });
    } catch (error) {
      throw new ProviderUnavailableError(`userinfo failed: ${String(error)}`);
    }
  }
}
