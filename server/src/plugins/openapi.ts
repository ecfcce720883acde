import { readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { documentBase, transformDocument, transformRoute } from '../http/openapi.js';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The API reference: @fastify/swagger collects every route registered after this plugin and builds
 * the OpenAPI document from their schemas and access options (http/openapi.ts); the /api module
 * `reference` serves it at GET /api/openapi.json. The documentation page, Swagger UI, is
 * plugins/api-docs.ts.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: documentBase(version),
      transform: transformRoute as never,
      transformObject: transformDocument as never,
    });
  },
  { name: 'openapi' },
);
