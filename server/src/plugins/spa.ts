import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pageHtml, withPublicConfig } from '../infra/page-preloads.js';

/** Paths that never fall back to the SPA: they answer their own 404s. */
const NOT_SPA = /^\/(api|idp|storage)(\/|$)/;

function cacheFor(reply: FastifyReply, path: string) {
  // Vite puts content-hashed files under /assets: cache them for good; everything else revalidates.
  reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the Vite build (dist/) with pre-compressed variants when present, and index.html for any
 * other GET path a browser asks as a page (history routing); a portal page's copy also names the
 * files that page loads, and every page carries the public configuration (infra/page-preloads.ts).
 */
export default async function spa(app: FastifyInstance): Promise<void> {
  const root = resolve(app.config.distDir);
  const built = existsSync(join(root, 'index.html'));
  const portalPageHtml = pageHtml(root);
  const indexHtml = built ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      // "/" is a page like any other (below): it must carry the public configuration too.
      index: false,
      setHeaders: cacheFor,
    });
  }

  // The only icon is /favicon.svg (public/); browsers still ask /favicon.ico on pages that
  // declare none, so send them to it instead of a 404.
  if (!existsSync(join(root, 'favicon.ico'))) {
    app.get('/favicon.ico', async (_request, reply) => reply.redirect('/favicon.svg', 301));
  }

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage = request.headers.accept?.includes('text/html') ?? false;
    if (NOT_SPA.test(path) || !wantsPage) return reply.callNotFound();
    if (!built) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="it"><meta charset="utf-8"><title>Percorso</title>' +
            "<p>L'interfaccia non è ancora stata compilata: esegui <code>npm run build</code> o <code>npm start</code>.</p></html>",
        );
    }
    reply.header('cache-control', 'no-cache');
    const html = portalPageHtml(path) ?? indexHtml;
    const config = app.clientConfig.latest();
    return reply.type('text/html; charset=utf-8').send(config ? withPublicConfig(html, config) : html);
  });
}
