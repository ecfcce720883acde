import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createPeriodicRunner } from '../modules/attendances/scheduler.js';
import { purgeExpiredTokens } from '../auth/tokens.js';
import { KEEP_USED_CODES_MS } from '../auth/sign-in-repository.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * One retention job: its name (in the log), how often it runs, and what it removes, counted by
 * kind of record. Each period is a setting (docs/CONFIGURATION.md); what each one covers is in
 * docs/PRIVACY.md.
 */
export interface RetentionJob {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<Record<string, number>>;
}

export const RETENTION_JOBS: readonly RetentionJob[] = [
  {
    // The "Registro attività": AUDIT_RETENTION_DAYS.
    name: 'audit',
    everyMs: DAY_MS,
    run: async (app) => ({ audit_records: await app.repos.audit.purgeOlderThan(app.config.auditRetentionDays) }),
  },
  {
    // The raw name and e-mail of imported attendances: ATTENDANCE_IDENTITY_RETENTION_DAYS.
    name: 'attendance-identities',
    everyMs: DAY_MS,
    run: async (app) => ({
      attendances: await app.repos.attendances.stripIdentitiesOlderThan(app.config.retention.attendanceIdentityDays),
    }),
  },
  {
    // ACCESSIBILITY_REPORT_RETENTION_DAYS.
    name: 'accessibility-reports',
    everyMs: DAY_MS,
    run: async (app) => ({
      accessibility_reports: await app.repos.accessibilityReports.purgeOlderThan(
        app.config.retention.accessibilityReportDays,
      ),
    }),
  },
  {
    // Expired tokens (EXPIRED_TOKEN_RETENTION_HOURS), sign-ins never finished
    // (SIGN_IN_REQUEST_RETENTION_MINUTES) and the memory of used codes: every hour.
    name: 'sign-ins',
    everyMs: HOUR_MS,
    run: async (app) => {
      const { expiredTokenHours, signInRequestMinutes } = app.config.retention;
      return {
        access_tokens: await purgeExpiredTokens(app.db, new Date(app.now() - expiredTokenHours * HOUR_MS)),
        sign_in_requests: await app.signIns.purgePending(signInRequestMinutes * 60_000),
        used_auth_codes: await app.signIns.purgeUsedCodes(KEEP_USED_CODES_MS),
      };
    },
  },
];

/**
 * Runs one job once, the one way every run goes: what it removed is logged (at info when it
 * removed anything, else at debug), a failure at error; it never throws (the next run tries again).
 * Returns what was removed, or null when the run failed.
 */
export async function runRetentionJob(app: FastifyInstance, job: RetentionJob): Promise<Record<string, number> | null> {
  try {
    const removed = await job.run(app);
    const any = Object.values(removed).some((count) => count > 0);
    app.log[any ? 'info' : 'debug']({ job: job.name, removed }, 'retention job ran');
    return removed;
  } catch (err) {
    app.log.error({ err, job: job.name }, 'retention job failed');
    return null;
  }
}

const runners = new WeakMap<FastifyInstance, Array<ReturnType<typeof createPeriodicRunner>>>();

/** Stops the retention jobs when the application closes (a run in progress finishes first). */
export default fp(
  async (app) => {
    app.addHook('onClose', async () => {
      await stopRetention(app);
    });
  },
  { name: 'retention', dependencies: ['core', 'clock', 'repositories', 'oidc-client'] },
);

/**
 * Starts every retention job: each runs now, then at its interval. Only the process that runs the
 * background jobs calls it (server.ts, infra/leadership.ts), so each run happens once however many
 * processes serve; tests and command-line tools never purge in the background.
 */
export function startRetention(app: FastifyInstance): void {
  if (runners.has(app)) return;
  const started = RETENTION_JOBS.map((job) =>
    createPeriodicRunner(
      () => runRetentionJob(app, job),
      job.everyMs,
      // runRetentionJob logs its own failures.
      () => {},
    ),
  );
  runners.set(app, started);
  for (const runner of started) runner.start();
}

/** Stops the jobs (another process took them over, or this one is closing), waiting for runs in progress. */
export async function stopRetention(app: FastifyInstance): Promise<void> {
  const started = runners.get(app);
  runners.delete(app);
  await Promise.all((started ?? []).map((runner) => runner.stop()));
}
