import Fastify, { type FastifyServerOptions } from 'fastify';
import qs from 'qs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import core from './plugins/core.js';
import errors from './plugins/errors.js';
import auth from './plugins/auth.js';
import api from './routes/index.js';

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application; `server.ts` is the only file that listens. */
export async function buildApp({ config, db, logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: {
      querystringParser: (str: string) => qs.parse(str, { depth: 2, arrayLimit: 1000 }),
    },
    ajv: { customOptions: { coerceTypes: 'array', allErrors: true, removeAdditional: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(core, { config, db });
  await app.register(errors);
  await app.register(auth);
  await app.register(api, { prefix: '/api' });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
