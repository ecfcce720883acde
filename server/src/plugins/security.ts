import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCS_PREFIX } from '../http/openapi.js';

const isDocsPage = (url: string) =>
  url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`) || url.startsWith(`${DOCS_PREFIX}?`);

/** Video hosts whose players may be embedded in lessons (iframe and their player script). */
const VIDEO_EMBEDS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * Security headers on every response. The Content-Security-Policy allows no inline script;
 * inline styles stay allowed because MUI (emotion) injects them at run time.
 */
export function contentSecurityPolicy(providerOrigin: string): Record<string, string[]> {
  const self = "'self'";
  return {
    defaultSrc: [self],
    baseUri: [self],
    scriptSrc: [self, 'https://www.youtube.com', 'https://player.vimeo.com'],
    scriptSrcAttr: ["'none'"],
    styleSrc: [self, "'unsafe-inline'"],
    imgSrc: [self, 'data:', 'blob:', 'https:'],
    mediaSrc: [self, 'blob:', 'https:'],
    fontSrc: [self, 'data:'],
    connectSrc: [self],
    workerSrc: [self, 'blob:'],
    frameSrc: VIDEO_EMBEDS,
    frameAncestors: ["'none'"],
    formAction: providerOrigin === 'self' ? [self] : [self, providerOrigin],
    objectSrc: ["'none'"],
    manifestSrc: [self],
  };
}

/**
 * The headers helmet writes for `options`, computed once: with a fixed policy (no nonces) they are
 * the same on every response, and building them per request cost more than some whole API answers.
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, response as never, () => {});
  return [...headers];
}

export default fp(
  async (app) => {
    const providerOrigin = new URL(app.config.oidc.issuer).origin;
    const ownOrigin = new URL(app.config.publicUrl).origin;
    const common = {
      // Lesson videos and avatars may come from other hosts.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    } as const;
    const pageHeaders = securityHeaders({
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(providerOrigin === ownOrigin ? 'self' : providerOrigin),
      },
    });
    // API answers are data, never a document: the strictest policy, and none of the headers that
    // only steer how a browser runs a page (they were most of every small answer's bytes).
    const apiHeaders = securityHeaders({
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      // The API reference's page (/api/docs) is a page like the others, with their policy.
      const isApi = request.url.startsWith('/api/') && !isDocsPage(request.url);
      for (const [name, value] of isApi ? apiHeaders : pageHeaders) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security', dependencies: ['core'] },
);
