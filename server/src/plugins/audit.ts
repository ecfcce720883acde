import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createPeriodicRunner } from '../modules/attendances/scheduler.js';
import { trackedJob } from '../infra/job-metrics.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const runners = new WeakMap<FastifyInstance, ReturnType<typeof createPeriodicRunner>>();

/**
 * The audit trail's retention job. (The author of each change is passed by the route to the
 * repository that records it: `actorOf(request)`.)
 */
export default fp(
  async (app) => {
    app.addHook('onClose', async () => {
      await runners.get(app)?.stop();
    });
  },
  { name: 'audit', dependencies: ['core', 'clock'] },
);

/** Purges audit records older than AUDIT_RETENTION_DAYS now and then once a day (server.ts starts it). */
export function startAuditRetention(app: FastifyInstance): void {
  if (runners.has(app)) return;
  const { audit } = app.repos;
  const days = app.config.auditRetentionDays;
  const runner = createPeriodicRunner(
    trackedJob('retention_audit', async () => {
      const purged = await audit.purgeOlderThan(days);
      if (purged) app.log.info({ purged, days }, 'audit records past their retention purged');
    }),
    DAY_MS,
    (err) => app.log.error({ err }, 'audit retention purge failed'),
  );
  runners.set(app, runner);
  runner.start();
}

/** Stops the daily purge (another process took the job over). */
export async function stopAuditRetention(app: FastifyInstance): Promise<void> {
  const runner = runners.get(app);
  runners.delete(app);
  await runner?.stop();
}
