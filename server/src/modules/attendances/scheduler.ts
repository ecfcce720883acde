import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { GoogleAttendanceImporter } from './importer.js';
import { trackedJob } from '../../infra/job-metrics.js';

/** Runs `task` every `intervalMs` (and once right away); a run never starts while one is going. */
export function createPeriodicRunner(task: () => Promise<unknown>, intervalMs: number, onError: (e: unknown) => void) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      // The schedule alone must never keep the process alive.
      timer.unref();
      tick();
    },
    /** Stops the schedule and waits for a run in progress to finish. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    get running() {
      return running !== null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Google Meet importer, or null when no credentials are configured. */
    attendanceImporter: GoogleAttendanceImporter | null;
  }
}

const runners = new WeakMap<FastifyInstance, ReturnType<typeof createPeriodicRunner>>();
const toldOff = new WeakSet<FastifyInstance>();

/**
 * Makes the importer available as `app.attendanceImporter` and stops its schedule on close.
 * The schedule itself starts only through `startAttendanceScheduler(app)` (server.ts), so tests
 * and command-line tools never import in the background.
 */
export default fp(
  async (app) => {
    const google = app.config.attendances.google;
    app.decorate(
      'attendanceImporter',
      google ? new GoogleAttendanceImporter(app.db, google, app.log, () => app.now()) : null,
    );
    app.addHook('onClose', async () => {
      await runners.get(app)?.stop();
    });
  },
  { name: 'attendance-scheduler', dependencies: ['core', 'clock'] },
);

/** Starts the periodic Google Meet import; without credentials it says so once and stays off. */
export function startAttendanceScheduler(app: FastifyInstance): boolean {
  const importer = app.attendanceImporter;
  if (!importer) {
    if (toldOff.has(app)) return false;
    toldOff.add(app);
    app.log.info(
      'Google Meet attendance import is off: no service account configured (GOOGLE_SERVICE_ACCOUNT_FILE or GOOGLE_SERVICE_ACCOUNT_JSON).',
    );
    return false;
  }
  if (runners.has(app)) return true;
  const minutes = app.config.attendances.pollMinutes;
  const runner = createPeriodicRunner(
    trackedJob('attendance_import', () => importer.runOnce()),
    minutes * 60_000,
    (err) => app.log.error({ err }, 'attendance import run failed'),
  );
  runners.set(app, runner);
  runner.start();
  app.log.info({ everyMinutes: minutes }, 'Google Meet attendance import scheduled');
  return true;
}

/** Stops the periodic import (another process took the job over), waiting for a run in progress. */
export async function stopAttendanceScheduler(app: FastifyInstance): Promise<void> {
  const runner = runners.get(app);
  runners.delete(app);
  await runner?.stop();
}
