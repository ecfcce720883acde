import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server time in ms since the epoch; tests replace it to drive time-based rules (lesson sync). */
    now: () => number;
  }
}

export default fp(
  async (app) => {
    app.decorate('now', () => Date.now());
  },
  { name: 'clock' },
);
