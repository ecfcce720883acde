import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import qs from 'qs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import core from './plugins/core.js';
import errors from './plugins/errors.js';
import auth from './plugins/auth.js';
import canonicalIds from './plugins/canonical-ids.js';
import editVersions from './plugins/edit-versions.js';
import bodyRules from './http/body-rules.js';
import multipart from '@fastify/multipart';
import clock from './plugins/clock.js';
import repositories from './plugins/repositories.js';
import security from './plugins/security.js';
import lifecycle from './plugins/lifecycle.js';
import rateLimit from './plugins/rate-limit.js';
import oidcClient from './plugins/oidc.js';
import storage from './plugins/storage.js';
import spa from './plugins/spa.js';
import api from './plugins/api.js';
import { API_FORMATS } from './http/formats.js';
import { redactedRequest } from './auth/redact.js';

/** How query strings are read; NUL never belongs in a query value (PostgreSQL refuses it in text): it is dropped while decoding. */
const QUERY_OPTIONS: qs.IParseOptions = {
  depth: 2,
  arrayLimit: 1000,
  decoder: (value, decode, charset) => String(decode(value, decode, charset)).replace(/\0/g, ''),
};

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application; `server.ts` is the only file that listens. */
export async function buildApp({ config, db, logger = false, onRoute }: AppOptions) {
  // The request log never carries a sign-in code or a token from a query string.
  const loggerOptions: FastifyServerOptions['logger'] =
    logger && typeof logger === 'object'
      ? { ...logger, serializers: { req: redactedRequest, ...logger.serializers } }
      : logger;
  const app = Fastify({
    logger: loggerOptions,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A slow or idle client cannot hold a connection for long.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Requests that arrive while closing reach plugins/lifecycle.ts, which answers their 503 in
    // Italian, rather than Fastify's fixed English one.
    return503OnClosing: false,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // How often Node looks for connections past those timeouts (its default, 30 s, would let them run on).
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    routerOptions: { querystringParser: (str: string) => qs.parse(str, QUERY_OPTIONS) },
    ajv: {
      customOptions: { coerceTypes: 'array', allErrors: true, removeAdditional: true },
      // After the standard formats, so that ours (a stricter date-time among them) take their place.
      onCreate: (ajv: { addFormat(name: string, format: never): unknown }) => {
        for (const [name, format] of Object.entries(API_FORMATS)) ajv.addFormat(name, format as never);
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(core, { config, db });
  await app.register(errors);
  await app.register(clock);
  await app.register(auth);
  await app.register(bodyRules);
  await app.register(canonicalIds);
  await app.register(editVersions);
  await app.register((await import('./db/notifications.js')).default);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024 + 1, files: 1, fields: 10 } });
  await app.register(repositories);
  await app.register(security);
  // Its 503 while closing comes before the rate limits and the token check, with the security headers.
  await app.register(lifecycle);
  await app.register(rateLimit);
  await app.register(oidcClient);
  await app.register((await import('./plugins/retention.js')).default);
  await app.register((await import('./modules/attendances/scheduler.js')).default);
  await app.register(api, { prefix: '/api' });
  await app.register((await import('./plugins/health.js')).default);
  if (!config.oidc.external) await app.register((await import('./plugins/dev-idp.js')).default);
  await app.register(storage);
  await app.register(spa);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
