import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import { DOCS_PREFIX } from '../http/openapi.js';

/**
 * The interactive API reference at /api/docs (Swagger UI, its files from the package). Outside the
 * /api scope's hooks (no token: the page only reads the public document), and with the pages'
 * security headers, the app's Content-Security-Policy among them (plugins/security.ts): Swagger UI
 * loads its scripts as files, so the policy needs no exception.
 */
export default async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, layout: 'BaseLayout', docExpansion: 'none', defaultModelsExpandDepth: 0 },
    theme: { title: 'Percorso API' },
  });
}
