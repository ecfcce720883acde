import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A third-party OpenID provider on loopback for the API tests, built on oidc-provider and set up
 * the way real providers differ: client authentication method, signing algorithm, a required
 * nonce, Basic credentials compared without URL-decoding, an op_policy_uri. Signing in needs no
 * form: the next interaction logs in `nextAccount` (or denies, with `deny`).
 */
export interface FakeProviderOptions {
  clientId?: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
  /** For private_key_jwt: the client's public keys. */
  clientJwks?: { keys: object[] };
  alg?: 'RS256' | 'ES256' | 'PS256' | 'EdDSA';
  /** Refuse an authorization request without `nonce`, as Glewlwyd does. */
  requireNonce?: boolean;
  /** Compare Basic credentials as raw text (no form-decoding), as Glewlwyd does. */
  rawBasic?: boolean;
  policyUri?: string;
  redirectUri: string;
  postLogoutRedirectUri?: string;
}

export type FakeClaims = Record<string, unknown> & { sub: string };

async function signingKey(alg: NonNullable<FakeProviderOptions['alg']>) {
  const { privateKey } = await generateKeyPair(alg, {
    extractable: true,
    ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}),
  });
  return {
    ...(await exportJWK(privateKey)),
    alg,
    use: 'sig',
    kid: `${alg}-${Math.random().toString(36).slice(2, 10)}`,
  };
}

export class FakeProvider {
  accounts = new Map<string, FakeClaims>();
  nextAccount: string | null = null;
  deny = false;
  /** The Authorization header of every token request. */
  tokenRequests: Array<{ authorization?: string; contentType?: string }> = [];
  /** Paths whose next request gets its connection closed with no answer (a connection gone stale). */
  closeNextRequestTo = new Set<string>();
  /** Paths whose next N requests find their connection closed (the socket destroyed unanswered). */
  closeRequestsTo = new Map<string, number>();
  /** How many times each path was asked for (discovery: `/.well-known/openid-configuration`). */
  requestCounts = new Map<string, number>();
  private server: Server | null = null;
  private port = 0;

  constructor(private options: FakeProviderOptions) {}

  get issuer(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get clientId(): string {
    return this.options.clientId ?? 'percorso-test';
  }

  get clientSecret(): string {
    return this.options.clientSecret ?? 'fake-secret';
  }

  account(claims: FakeClaims): this {
    this.accounts.set(claims.sub, claims);
    this.nextAccount = claims.sub;
    return this;
  }

  /** Starts (or restarts on the same port, e.g. with another key) the provider. */
  async start(changes: Partial<FakeProviderOptions> = {}): Promise<this> {
    this.options = { ...this.options, ...changes };
    await this.stop();
    const o = this.options;
    const alg = o.alg ?? 'RS256';
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          ...(o.tokenEndpointAuthMethod === 'private_key_jwt'
            ? { jwks: o.clientJwks }
            : { client_secret: this.clientSecret }),
          redirect_uris: [o.redirectUri],
          post_logout_redirect_uris: o.postLogoutRedirectUri ? [o.postLogoutRedirectUri] : [],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: o.tokenEndpointAuthMethod ?? 'client_secret_basic',
          id_token_signed_response_alg: alg === 'EdDSA' ? 'EdDSA' : alg,
        },
      ],
      clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
      enabledJWA: { idTokenSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'] },
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile'],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'name', 'picture'],
      },
      findAccount: async (_ctx: unknown, sub: string) => {
        const claims = this.accounts.get(sub);
        return claims ? { accountId: sub, claims: async () => ({ ...claims }) } : undefined;
      },
      interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      discovery: o.policyUri ? { op_policy_uri: o.policyUri } : {},
      cookies: { keys: ['fake-provider-cookie-key'] },
      jwks: { keys: [await signingKey(alg)] },
      ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    });
    const handle = provider.callback();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void this.route(provider, handle, req, res));
    this.server = server;
    return this;
  }

  private async route(
    provider: Provider,
    handle: (req: IncomingMessage, res: ServerResponse) => void,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const url = new URL(req.url!, this.issuer);
    this.requestCounts.set(url.pathname, (this.requestCounts.get(url.pathname) ?? 0) + 1);
    const closes = this.closeRequestsTo.get(url.pathname) ?? 0;
    if (closes > 0) {
      if (closes === 1) this.closeRequestsTo.delete(url.pathname);
      else this.closeRequestsTo.set(url.pathname, closes - 1);
      req.socket.destroy();
      return;
    }
    if (this.closeNextRequestTo.delete(url.pathname)) {
      req.socket.destroy();
      return;
    }
    if (url.pathname === '/auth' && this.options.requireNonce && !url.searchParams.get('nonce')) {
      const back = new URL(this.options.redirectUri);
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'nonce required');
      if (url.searchParams.get('state')) back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token') {
      this.tokenRequests.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'] });
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (
        basic &&
        this.options.tokenEndpointAuthMethod &&
        this.options.tokenEndpointAuthMethod !== 'client_secret_basic'
      ) {
        // Strict about the registered method, as most providers are.
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'invalid_client', error_description: 'client authentication method mismatch' }));
        return;
      }
      if (this.options.rawBasic && basic) {
        const raw = Buffer.from(basic, 'base64').toString();
        if (raw !== `${this.clientId}:${this.clientSecret}`) {
          res
            .writeHead(401, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'invalid_client', error_description: 'client authentication failed' }));
          return;
        }
        // Accepted as raw text: hand the provider credentials it decodes the standard way.
        req.headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.clientSecret)}`).toString('base64')}`;
      }
    }
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (interaction) {
      const details = await provider.interactionDetails(req, res);
      let target: string;
      if (this.deny) {
        target = await provider.interactionResult(req, res, {
          error: 'access_denied',
          error_description: 'The user said no <script>',
        });
      } else if (details.prompt.name === 'login') {
        target = await provider.interactionResult(req, res, { login: { accountId: this.nextAccount ?? '' } });
      } else {
        const grant = new provider.Grant({
          clientId: String(details.params.client_id),
          accountId: details.session!.accountId,
        });
        grant.addOIDCScope('openid email profile');
        target = await provider.interactionResult(req, res, { consent: { grantId: await grant.save() } });
      }
      res.writeHead(303, { location: target }).end();
      return;
    }
    handle(req, res);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Follows the browser's way from the authorize URL to the redirect URI (cookies kept) and returns
 * the callback's query, e.g. {code, state, iss} or {error, error_description, state}.
 */
export async function browse(authorizeUrl: string, redirectUri: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  let current = authorizeUrl;
  for (let hops = 0; hops < 20; hops++) {
    if (current.startsWith(redirectUri)) return Object.fromEntries(new URL(current).searchParams);
    const response = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `${current} answered ${response.status} without a redirect: ${(await response.text()).slice(0, 300)}`,
      );
    current = new URL(location, current).href;
  }
  throw new Error('too many redirects');
}
