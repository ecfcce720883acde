import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { Type } from 'typebox';
import { authenticateDevAccount } from '../auth/dev-idp/accounts.js';
import { createDevProvider, DEV_IDP_PREFIX } from '../auth/dev-idp/provider.js';
import { SIGN_IN_SCOPE } from '../auth/scope.js';
import { rateLimitAddress } from '../infra/rate-limits/address.js';
import {
  accountPage,
  errorPage,
  loginPage,
  LOGOUT_SCRIPT,
  LOGOUT_SCRIPT_PATH,
  privacyPage,
  STYLESHEET,
  STYLESHEET_PATH,
} from '../auth/dev-idp/pages.js';

const EXPIRED = 'La richiesta di accesso è scaduta o non è valida. Torna a Percorso e riprova.';
const TOO_MANY_ATTEMPTS = 'Troppi tentativi di accesso da questo indirizzo. Attendi un minuto e riprova.';

const InteractionParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }) });
const LoginForm = Type.Object({
  login: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
});

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * Mounts the built-in development OpenID Connect provider under /idp (only when OIDC_ISSUER is
 * unset). The Koa-based provider is created on first use, so apps that never sign in stay cheap.
 */
export default async function devIdp(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const label = config.providerLabel;
  const home = `${config.publicUrl}/`;
  const issuer = new URL(config.oidc.issuer);
  // Password guessing on the login form is limited per client address, like the sign-in exchange.
  const loginAttempts = app.createRateLimit({
    max: config.authRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `dev-login:${rateLimitAddress(request.ip)}`,
  });

  let created: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | null = null;
  const devProvider = () => {
    created ??= createDevProvider(config, db).then(
      (provider) => ({ provider, handle: provider.callback() }),
      (error: unknown) => {
        created = null;
        throw error;
      },
    );
    return created;
  };

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLESHEET),
  );
  app.get(LOGOUT_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(LOGOUT_SCRIPT),
  );
  app.get(`${DEV_IDP_PREFIX}/account`, async (_request, reply) => html(reply, accountPage(label, home)));
  app.get(`${DEV_IDP_PREFIX}/privacy`, async (_request, reply) => html(reply, privacyPage(label, home)));

  // The sign-in pages: the provider redirects here with an interaction cookie.
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    async function pendingInteraction(request: { raw: IncomingMessage }, reply: FastifyReply, uid: string) {
      const { provider } = await devProvider();
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return details.uid === uid ? { provider, details } : null;
      } catch {
        return null;
      }
    }

    pages.get(
      `${DEV_IDP_PREFIX}/interaction/:uid`,
      { schema: { params: InteractionParams } },
      async (request, reply) => {
        const { uid } = request.params as { uid: string };
        const pending = await pendingInteraction(request, reply, uid);
        if (!pending) return html(reply, errorPage(label, home, EXPIRED), 400);
        const { provider, details } = pending;
        if (details.prompt.name === 'login') {
          return html(reply, loginPage({ providerLabel: label, action: `${DEV_IDP_PREFIX}/interaction/${uid}/login` }));
        }
        // First-party client: consent is granted without a screen.
        const accountId = details.session?.accountId;
        if (!accountId) return html(reply, errorPage(label, home, EXPIRED), 400);
        const grant = new provider.Grant({ clientId: String(details.params.client_id), accountId });
        grant.addOIDCScope(SIGN_IN_SCOPE);
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
        return reply.redirect(returnTo, 303);
      },
    );

    pages.post(
      `${DEV_IDP_PREFIX}/interaction/:uid/login`,
      { schema: { params: InteractionParams, body: LoginForm } },
      async (request, reply) => {
        const attempts = await loginAttempts(request);
        if (!attempts.isAllowed && attempts.isExceeded) {
          reply.header('retry-after', String(attempts.ttlInSeconds));
          return html(reply, errorPage(label, home, TOO_MANY_ATTEMPTS), 429);
        }
        const { uid } = request.params as { uid: string };
        const { login = '', password = '' } = (request.body ?? {}) as { login?: string; password?: string };
        const pending = await pendingInteraction(request, reply, uid);
        if (!pending || pending.details.prompt.name !== 'login') {
          return html(reply, errorPage(label, home, EXPIRED), 400);
        }
        const accountId = await authenticateDevAccount(db, login, password);
        if (!accountId) {
          const action = `${DEV_IDP_PREFIX}/interaction/${uid}/login`;
          return html(reply, loginPage({ providerLabel: label, action, login, failed: true }));
        }
        const returnTo = await pending.provider.interactionResult(request.raw, reply.raw, { login: { accountId } });
        return reply.redirect(returnTo, 303);
      },
    );
  });

  // Everything else under /idp is the provider itself (discovery, authorize, token, userinfo, jwks…).
  await app.register(async (passthrough) => {
    // The provider reads the raw body itself: leave the request stream untouched.
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
    passthrough.all(`${DEV_IDP_PREFIX}/*`, async (request, reply) => {
      const { handle } = await devProvider();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // Like Express's app.use('/idp', …): the provider derives its mount path from originalUrl.
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_IDP_PREFIX.length) || '/';
      // Every URL the provider prints (discovery, redirects) uses the public address, however the
      // request reached us (directly, through a proxy, or from this server itself).
      raw.headers['x-forwarded-host'] = issuer.host;
      raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
      reply.hijack();
      handle(raw, reply.raw);
    });
  });
}
