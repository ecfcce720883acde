import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

export default fp(
  async (app) => {
    const providerOrigin = new URL(app.config.oidc.issuer).origin;
    const ownOrigin = new URL(app.config.publicUrl).origin;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(providerOrigin === ownOrigin ? 'self' : providerOrigin),
      },
      // Lesson videos and avatars may come from other hosts.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security', dependencies: ['core'] },
);
