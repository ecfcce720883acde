import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: {...} }`), e.g. the sign-in exchange.
 * Over the limit the error handler answers 429 with an Italian message.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
