import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram } from 'prom-client';
import { registry } from './metrics.js';

/**
 * The background jobs' metrics (the attendance import, the retention purges, …): how many runs,
 * how many failed, how long they took and when one last succeeded. A job reports each run here,
 * whichever process runs it (infra/leadership.ts picks one); Prometheus alerts on failures and on
 * a last success too long ago (docs/DEPLOYING.md).
 */
const runs = new Counter({
  name: 'percorso_job_runs_total',
  help: 'Runs of each background job, by outcome (success or failure).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const duration = new Histogram({
  name: 'percorso_job_duration_seconds',
  help: 'How long each run of a background job took.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});

const lastSuccess = new Gauge({
  name: 'percorso_job_last_success_timestamp_seconds',
  help: 'When each background job last ran without failing (Unix time, seconds).',
  labelNames: ['job'] as const,
  // Across processes the latest one: the job may have moved from one to another.
  aggregator: 'max',
  registers: [registry],
});

/** Makes a job's series exist at 0 before its first run, so that `increase()` sees its first failure. */
export function declareJob(job: string): void {
  runs.inc({ job, outcome: 'success' }, 0);
  runs.inc({ job, outcome: 'failure' }, 0);
}

/** Records one run of `job`: its outcome, how long it took, and (on success) when it ended. */
export function recordJobRun(job: string, outcome: 'success' | 'failure', seconds: number, endedAt = Date.now()): void {
  runs.inc({ job, outcome });
  duration.observe({ job }, seconds);
  if (outcome === 'success') lastSuccess.set({ job }, endedAt / 1000);
}

/** `task` as a job that reports each run: a run that throws is a failure (and still throws). */
export function trackedJob<T>(job: string, task: () => Promise<T>): () => Promise<T> {
  declareJob(job);
  return async () => {
    const started = performance.now();
    try {
      const result = await task();
      recordJobRun(job, 'success', (performance.now() - started) / 1000);
      return result;
    } catch (error) {
      recordJobRun(job, 'failure', (performance.now() - started) / 1000);
      throw error;
    }
  };
}
