import type { FastifyInstance } from 'fastify';

/**
 * Stops on SIGTERM or SIGINT by draining: no new connections, requests in flight finish, then the
 * database closes and the process exits 0. A signal sent to the whole process group (npm, the start
 * script and the server each get one, and the start script forwards its own) arrives more than once:
 * repeats are ignored. The deadline ends the process anyway, with exit status 1.
 */
export function drainOnSignals(app: FastifyInstance, closeResources: () => Promise<void>, deadlineMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.info(`${signal}: already stopping`);
      return;
    }
    stopping = true;
    app.log.info(`${signal}: finishing the requests in flight (at most ${Math.round(deadlineMs / 1000)} s)`);
    const deadline = setTimeout(() => {
      app.log.error(`requests still in flight after ${Math.round(deadlineMs / 1000)} s: stopping anyway`);
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    try {
      await app.close();
      await closeResources();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
