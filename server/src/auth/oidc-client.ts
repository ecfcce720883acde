import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { calculateJwkThumbprint, importJWK, type JWK } from 'jose';
import * as client from 'openid-client';
import type { Config, TokenAuthMethod } from '../config.js';
import { SIGN_IN_SCOPE } from './scope.js';

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

/** What the operator's log gets about a failure: the provider's own words, never a code or token. */
export interface FailureDetail {
  error?: string;
  error_description?: string;
  reason: string;
}

abstract class SignInFailure extends Error {
  constructor(readonly detail: FailureDetail) {
    super(detail.reason);
  }
}
/** The provider refused the code, or its answer failed validation (state, nonce, signature, issuer…). */
export class CodeRejectedError extends SignInFailure {}
/** The provider refused Percorso itself (client id, secret or authentication method): an operator's fix. */
export class ClientRejectedError extends SignInFailure {}
/** The provider could not be reached or answered something unusable. */
export class ProviderUnavailableError extends SignInFailure {}

/** A sign-in the server started: the browser goes to `url`; `state`, `nonce`, `codeVerifier` stay here. */
export interface StartedSignIn {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The parameters the provider sent back to /auth/callback (a code, or an error). */
export interface CallbackParameters {
  code: string;
  state: string;
  iss?: string;
}

export interface SignedIn {
  identity: IdentityClaims;
  /** Kept to end the provider session at logout (`id_token_hint`). */
  idToken: string | null;
}

/**
 * A sign-in start asks for the discovery document again once the last one is older than
 * OIDC_DISCOVERY_CACHE_SECONDS (by default this, concurrent starts share one request), so a burst
 * of sign-ins costs the provider one request, not one each, and a provider that changed its
 * endpoints or algorithms is followed within that time, without a restart. An ID token that fails
 * verification makes the next sign-in discover again (`forgetDiscovery`).
 */
export const REDISCOVER_AFTER_MS = 60_000;
/** When the provider cannot be reached, sign-ins go on with the last discovery this long. */
const STALE_DISCOVERY_LIMIT_MS = 24 * 3600 * 1000;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function identityFrom(claims: Record<string, unknown>): IdentityClaims {
  const sub = text(claims.sub);
  if (!sub) throw new ProviderUnavailableError({ reason: 'the provider returned no subject' });
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

const short = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : undefined);

/** The OAuth `error` and `error_description` a failed call carries, if the provider sent them. */
function providerErrorOf(error: unknown): { error?: string; error_description?: string; status?: number } {
  if (error instanceof client.ResponseBodyError) {
    return { error: short(error.error), error_description: short(error.error_description), status: error.status };
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    const parameters = error.cause[0]?.parameters ?? {};
    return {
      error: short(parameters.error) ?? (error.status === 401 ? 'invalid_client' : undefined),
      error_description: short(parameters.error_description),
      status: error.status,
    };
  }
  return {};
}

/** The innermost error of a chain: openid-client wraps oauth4webapi's precise one. */
function innermost(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current;
}

/** An error's code and message for the log; a non-error `cause` is left out (it may hold claims). */
function describe(error: unknown): string {
  const inner = innermost(error);
  if (!(inner instanceof Error)) return String(inner);
  const code = 'code' in inner && typeof inner.code === 'string' ? `${inner.code}: ` : '';
  return `${code}${inner.message}`.slice(0, 500);
}

/** Failures that a fresh discovery and key set may cure (rotated or changed signing key). */
function isKeyProblem(error: unknown): boolean {
  const inner = innermost(error);
  if (!(inner instanceof Error) || !('code' in inner)) return false;
  return (
    inner.code === 'OAUTH_KEY_SELECTION_FAILED' ||
    inner.code === 'OAUTH_UNSUPPORTED_OPERATION' ||
    (inner.code === 'OAUTH_INVALID_RESPONSE' && /alg|signature/i.test(inner.message)) ||
    /signature verification failed/i.test(inner.message)
  );
}

/** Connection errors that mean the request was not answered on a reused, already closed connection. */
const CLOSED_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE']);

/** How many times a GET is asked in all when each try meets an already closed connection. */
const CLOSED_CONNECTION_TRIES = 3;

/**
 * A GET to the provider, asked again when the kept-alive connection it went out on had been closed
 * by the other side (the provider restarted, or a proxy in front of it timed the connection out): a
 * race every HTTP client with keep-alive meets sooner or later. After a restart the pool may hold
 * more than one such connection, each found closed in turn, so the GET is asked up to
 * CLOSED_CONNECTION_TRIES times. A GET changes nothing at the provider, so asking again is safe.
 */
async function withFreshConnectionRetry<T>(request: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const inner = innermost(error);
      const code = inner instanceof Error && 'code' in inner ? String(inner.code) : '';
      if (!CLOSED_CONNECTION_CODES.has(code) || attempt >= CLOSED_CONNECTION_TRIES) throw error;
    }
  }
}

/**
 * HTTP Basic client authentication with RFC 3986 percent-encoding. openid-client's
 * ClientSecretBasic applies the form encoding of RFC 6749 §2.3.1, which also escapes
 * `-_.!~*'()`; providers that compare the decoded Basic credentials without URL-decoding them
 * (Glewlwyd, several appliances) then refuse any secret holding those characters. RFC 3986
 * encoding leaves them as they are, and form-decoding providers decode both forms identically.
 */
function clientSecretBasic(secret: string): client.ClientAuth {
  return (_as, metadata, _body, headers) => {
    const credentials = `${encodeURIComponent(metadata.client_id)}:${encodeURIComponent(secret)}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  };
}

const EC_ALGS: Record<string, string> = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };

/** Reads OIDC_CLIENT_KEY_FILE: a PEM private key or a JWK (or a JWKS, first key). */
export async function loadClientKey(file: string): Promise<client.PrivateKey> {
  const content = readFileSync(file, 'utf8').trim();
  let jwk: JWK;
  if (content.startsWith('{')) {
    const parsed = JSON.parse(content) as JWK & { keys?: JWK[] };
    jwk = parsed.keys?.[0] ?? parsed;
  } else {
    jwk = createPrivateKey(content).export({ format: 'jwk' }) as JWK;
  }
  if (!jwk.d) throw new Error(`${file} holds no private key`);
  const alg =
    jwk.alg ??
    (jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'EC' ? EC_ALGS[jwk.crv ?? ''] : jwk.kty === 'OKP' ? 'EdDSA' : undefined);
  if (!alg) throw new Error(`${file}: unsupported key type ${jwk.kty}`);
  const key = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
  return { key, kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)) };
}

/**
 * The client authentication method: the configured one, else from what the settings allow and
 * what the provider's discovery lists (the token endpoint's default is client_secret_basic).
 */
export function automaticMethod(
  settings: Pick<Config['oidc'], 'tokenAuthMethod' | 'clientSecret' | 'clientKeyFile'>,
  supported: string[] | undefined,
): Exclude<TokenAuthMethod, 'auto'> {
  if (settings.tokenAuthMethod !== 'auto') return settings.tokenAuthMethod;
  if (settings.clientKeyFile) return 'private_key_jwt';
  if (!settings.clientSecret) return 'none';
  const methods = supported?.length ? supported : ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) return 'client_secret_basic';
  if (methods.includes('client_secret_post')) return 'client_secret_post';
  return 'client_secret_basic';
}

interface Discovered {
  configuration: client.Configuration;
  metadata: string;
  at: number;
  method: Exclude<TokenAuthMethod, 'auto'>;
}

/**
 * The OpenID Connect relying party, on openid-client: discovery (refreshed by a sign-in start once
 * a minute old, and at once after an ID token failed verification),
 * the authorization URL with PKCE S256, state and nonce, the code exchange with client
 * authentication and ID-token validation (signature with any algorithm the provider advertises,
 * keys cached and re-fetched on an unknown `kid`), userinfo and the logout URL. Plain-http
 * issuers are allowed only because the development provider is served over http on a
 * developer's machine (and test providers on loopback).
 */
export class OidcClient {
  private current: Discovered | null = null;
  private discovering: Promise<Discovered> | null = null;
  /** Set when `auto` found that the provider refuses the first method and accepts the other. */
  private methodOverride: Exclude<TokenAuthMethod, 'auto'> | null = null;
  private clientKey: Promise<client.PrivateKey> | null = null;

  constructor(
    private readonly config: Config,
    private readonly now: () => number = Date.now,
  ) {}

  get redirectUri(): string {
    return `${this.config.publicUrl}/auth/callback`;
  }

  /** The method in use (known after the first discovery). */
  get tokenAuthMethod(): Exclude<TokenAuthMethod, 'auto'> | null {
    return this.current?.method ?? null;
  }

  private async clientAuth(method: Exclude<TokenAuthMethod, 'auto'>): Promise<client.ClientAuth> {
    const { clientSecret, clientKeyFile } = this.config.oidc;
    switch (method) {
      case 'client_secret_basic':
        return clientSecretBasic(clientSecret);
      case 'client_secret_post':
        return client.ClientSecretPost(clientSecret);
      case 'private_key_jwt':
        this.clientKey ??= loadClientKey(clientKeyFile!).catch((error: unknown) => {
          this.clientKey = null;
          throw error;
        });
        return client.PrivateKeyJwt(await this.clientKey);
      case 'none':
        return client.None();
    }
  }

  private async build(
    metadata: client.ServerMetadata,
    method: Exclude<TokenAuthMethod, 'auto'>,
  ): Promise<client.Configuration> {
    const configuration = new client.Configuration(
      metadata,
      this.config.oidc.clientId,
      undefined,
      await this.clientAuth(method),
    );
    if (new URL(this.config.oidc.issuer).protocol === 'http:') client.allowInsecureRequests(configuration);
    configuration.timeout = 10;
    return configuration;
  }

  private async discover(): Promise<Discovered> {
    const { issuer, clientId } = this.config.oidc;
    const insecure = issuer.startsWith('http:');
    let discovered: client.Configuration;
    try {
      discovered = await withFreshConnectionRetry(() =>
        client.discovery(new URL(issuer), clientId, undefined, client.None(), {
          execute: insecure ? [client.allowInsecureRequests] : [],
          timeout: 10,
        }),
      );
    } catch (error) {
      throw new ProviderUnavailableError({ reason: `discovery of ${issuer} failed: ${describe(error)}` });
    }
    const metadata = discovered.serverMetadata();
    const json = JSON.stringify(metadata);
    const previous = this.current;
    if (previous && previous.metadata === json) {
      // Unchanged: keep the configuration, and with it openid-client's cache of the provider's keys.
      previous.at = this.now();
      return previous;
    }
    const method =
      this.methodOverride ?? automaticMethod(this.config.oidc, metadata.token_endpoint_auth_methods_supported);
    const configuration = await this.build(metadata, method);
    this.current = { configuration, metadata: json, at: this.now(), method };
    return this.current;
  }

  /** The provider's configuration; `fresh` asks the provider again unless it was asked just now. */
  private async discovered({ fresh = false } = {}): Promise<Discovered> {
    const current = this.current;
    if (current && (!fresh || this.now() - current.at < this.config.oidc.discoveryCacheSeconds * 1000)) return current;
    this.discovering ??= this.discover().finally(() => {
      this.discovering = null;
    });
    try {
      return await this.discovering;
    } catch (error) {
      if (current && this.now() - current.at < STALE_DISCOVERY_LIMIT_MS) return current;
      throw error;
    }
  }

  /** Forget the provider's metadata and keys: the next sign-in discovers them again. */
  private forgetDiscovery(): void {
    if (this.current) this.current = { ...this.current, metadata: '', at: 0 };
  }

  /** The provider's authorize endpoint (the development provider's is known without a round trip). */
  async authorizationEndpoint(): Promise<string> {
    if (!this.config.oidc.external) return `${this.config.oidc.issuer}/auth`;
    const endpoint = (await this.discovered()).configuration.serverMetadata().authorization_endpoint;
    if (!endpoint) throw new ProviderUnavailableError({ reason: 'the provider has no authorization endpoint' });
    return endpoint;
  }

  /** The provider's privacy policy from its discovery document, when it publishes one. */
  async policyUri(): Promise<string | null> {
    if (!this.config.oidc.external) return null;
    const uri = (await this.discovered()).configuration.serverMetadata().op_policy_uri;
    return typeof uri === 'string' && /^https?:\/\//.test(uri) ? uri : null;
  }

  /** A new sign-in: PKCE S256, state and nonce, and the URL of the provider's authorize endpoint. */
  async startSignIn(): Promise<StartedSignIn> {
    const { configuration } = await this.discovered({ fresh: true });
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SIGN_IN_SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  private async grant(
    discovered: Discovered,
    callback: CallbackParameters,
    pending: { codeVerifier: string; nonce: string },
  ) {
    const metadata = discovered.configuration.serverMetadata();
    const response = new URL(this.redirectUri);
    response.searchParams.set('code', callback.code);
    response.searchParams.set('state', callback.state);
    // Percorso talks to one provider: when the browser did not pass `iss` on, it can only be this one.
    const iss = callback.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
    if (iss) response.searchParams.set('iss', iss);
    return client.authorizationCodeGrant(discovered.configuration, response, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: callback.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  }

  /** Exchanges the code of a sign-in this server started and returns who signed in. */
  async finishSignIn(
    callback: CallbackParameters,
    pending: { codeVerifier: string; nonce: string },
  ): Promise<SignedIn> {
    let discovered = await this.discovered();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      try {
        tokens = await this.grant(discovered, callback, pending);
      } catch (error) {
        // `auto`: a provider that refuses this client authentication but lists another one gets the
        // other, once; the code is still unused, since the client is authenticated before it is read.
        const other = discovered.method === 'client_secret_basic' ? 'client_secret_post' : 'client_secret_basic';
        const supported = discovered.configuration.serverMetadata().token_endpoint_auth_methods_supported ?? [];
        if (
          this.config.oidc.tokenAuthMethod !== 'auto' ||
          providerErrorOf(error).error !== 'invalid_client' ||
          !this.config.oidc.clientSecret ||
          !supported.includes(other)
        ) {
          throw error;
        }
        const configuration = await this.build(discovered.configuration.serverMetadata(), other);
        tokens = await this.grant({ ...discovered, configuration, method: other }, callback, pending);
        this.methodOverride = other;
        discovered = { ...discovered, configuration, method: other };
        this.current = discovered;
      }
    } catch (error) {
      const { error: code, error_description, status } = providerErrorOf(error);
      if (code === 'invalid_client' || code === 'unauthorized_client') {
        throw new ClientRejectedError({
          error: code,
          error_description,
          reason: `the provider refused Percorso's client authentication (${discovered.method}): check OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_TOKEN_AUTH_METHOD`,
        });
      }
      if (code) {
        if (status !== undefined && status >= 500) {
          throw new ProviderUnavailableError({ error: code, error_description, reason: 'the token endpoint failed' });
        }
        throw new CodeRejectedError({ error: code, error_description, reason: 'the provider refused the code' });
      }
      if (isKeyProblem(error)) {
        this.forgetDiscovery();
        throw new CodeRejectedError({
          reason: `the ID token could not be verified, keys will be fetched again: ${describe(error)}`,
        });
      }
      if (
        error instanceof client.ClientError ||
        (error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_'))
      ) {
        throw new CodeRejectedError({ reason: `the provider's answer failed validation: ${describe(error)}` });
      }
      throw new ProviderUnavailableError({ reason: `code exchange failed: ${describe(error)}` });
    }
    const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
    const idToken = tokens.id_token ?? null;
    const metadata = discovered.configuration.serverMetadata();
    if (!metadata.userinfo_endpoint) return { identity: identityFrom(idClaims), idToken };
    try {
      const info = await withFreshConnectionRetry(() =>
        client.fetchUserInfo(discovered.configuration, tokens.access_token, String(idClaims.sub)),
      );
      return { identity: identityFrom({ ...idClaims, ...info }), idToken };
    } catch (error) {
      throw new ProviderUnavailableError({ ...providerErrorOf(error), reason: `userinfo failed: ${describe(error)}` });
    }
  }

  /**
   * Where the browser goes to end the provider session too (RP-initiated logout), back to the
   * home page; null when the provider offers no end_session_endpoint or cannot be reached.
   */
  async endSessionUrl(idToken: string | null): Promise<string | null> {
    let configuration: client.Configuration;
    try {
      ({ configuration } = await this.discovered());
    } catch {
      return null;
    }
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = {
      client_id: this.config.oidc.clientId,
      post_logout_redirect_uri: `${this.config.publicUrl}/`,
    };
    if (idToken) parameters.id_token_hint = idToken;
    return client.buildEndSessionUrl(configuration, parameters).href;
  }
}
