import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import { DOCS_PREFIX } from '../http/openapi.js';

/**
 * Swagger UI's colours that fall short of WCAG AA contrast (4.5:1): the version badges, the links,
 * the Authorize button, the methods' badges and the parameters' "(path)". A stylesheet file, as the
 * CSP wants.
 */
const CONTRAST_CSS = `
.swagger-ui .info .title small { background: #4a5059; }
.swagger-ui .info .title small.version-stamp { background: #3d6b00; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1f5fad; }
.swagger-ui .btn.authorize { color: #1d6b45; border-color: #1d6b45; }
.swagger-ui .btn.authorize svg { fill: #1d6b45; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5fad; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d6b45; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .parameter__in { color: #595959; }
`;

/**
 * The interactive API reference at /api/docs (Swagger UI, its files from the package). Outside the
 * /api scope's hooks (no token: the page only reads the public document), and with the pages'
 * security headers, the app's Content-Security-Policy among them (plugins/security.ts): Swagger UI
 * loads its scripts as files, so the policy needs no exception.
 */
export default async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: {
      deepLinking: true,
      layout: 'BaseLayout',
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      // Shows each operation's x-permission and x-relation.
      showExtensions: true,
    },
    theme: { title: 'Percorso API', css: [{ filename: 'contrast.css', content: CONTRAST_CSS }] },
  });
}
