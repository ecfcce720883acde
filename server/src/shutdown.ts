import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export interface StopTimes {
  /** How long a SIGTERM keeps serving with /readyz answering 503 before closing (SHUTDOWN_DRAIN_SECONDS). */
  drainMs: number;
  /** How long the requests in flight then have to finish (SHUTDOWN_TIMEOUT_SECONDS). */
  deadlineMs: number;
}

/**
 * The first step of a stop: /readyz answers 503 from now on while every request is still served,
 * for `drainMs` or until `hurry` aborts. A proxy or an orchestrator that polls /readyz thus takes
 * this process out before its port closes, instead of learning it from refused connections.
 */
export async function drain(app: FastifyInstance, drainMs: number, hurry?: AbortSignal): Promise<void> {
  app.lifecycle.drain();
  if (drainMs > 0) await sleep(drainMs, undefined, { signal: hurry }).catch(() => undefined);
}

/**
 * Stops on SIGTERM or SIGINT. SIGTERM (a service manager, an orchestrator, a rolling restart) first
 * drains for `drainMs`; SIGINT (Ctrl-C in a terminal, where nobody polls /readyz) skips that, and
 * one that arrives while draining ends the drain. Then the server closes: no new connections,
 * requests in flight finish, then the database closes and the process exits 0. A signal sent to the
 * whole process group (npm, the start script and the server each get one, and the start script
 * forwards its own) arrives more than once: repeats are ignored. The deadline ends the process
 * anyway, with exit status 1.
 */
export function drainOnSignals(
  app: FastifyInstance,
  closeResources: () => Promise<void>,
  { drainMs, deadlineMs }: StopTimes,
): void {
  let stopping = false;
  const hurry = new AbortController();
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT' && app.lifecycle.state === 'draining' && !hurry.signal.aborted) {
        app.log.info(`${signal}: closing now`);
        hurry.abort();
      } else {
        app.log.info(`${signal}: already stopping`);
      }
      return;
    }
    stopping = true;
    const drainFor = signal === 'SIGTERM' ? drainMs : 0;
    if (drainFor > 0) {
      app.log.info(`${signal}: /readyz answers 503; still serving for ${Math.round(drainFor / 1000)} s before closing`);
    }
    await drain(app, drainFor, hurry.signal);
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
