import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DbObserver } from '../db/index.js';

/**
 * The metrics Prometheus scrapes (METRICS_PORT): this process's registry. Every serving process
 * fills its own; with WORKERS > 1 the cluster's primary asks each worker for its registry on every
 * scrape and adds them up (prom-client's AggregatorRegistry), so one scrape sees the whole host.
 * Each metric says how it adds up across processes (`aggregator`): counters and histograms are
 * summed; a gauge read from the database, the same in every process, is taken once.
 *
 * The metrics are described in docs/DEPLOYING.md ("Metrics").
 */
export const registry = new Registry();

/** Durations, in seconds, of an API answer: from 1 ms to 10 s. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Durations, in seconds, of one query or one wait for a connection: from 0.1 ms to 5 s. */
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

const HTTP_LABELS = ['method', 'route', 'status'] as const;

export const httpRequests = new Counter({
  name: 'percorso_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: HTTP_LABELS,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'percorso_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route pattern and status code.',
  labelNames: HTTP_LABELS,
  buckets: REQUEST_BUCKETS,
  registers: [registry],
});

const dbQueryDuration = new Histogram({
  name: 'percorso_db_query_duration_seconds',
  help: 'Time each database query took, by outcome (ok or error).',
  labelNames: ['outcome'] as const,
  buckets: QUERY_BUCKETS,
  registers: [registry],
});

const dbPoolWait = new Histogram({
  name: 'percorso_db_pool_wait_seconds',
  help: 'PostgreSQL: time a query waited for a connection of the pool.',
  buckets: QUERY_BUCKETS,
  registers: [registry],
});

/** What the metrics read from the database layer on each scrape (PostgreSQL's pool; nothing on SQLite). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const pools = new Set<() => PoolStats>();

/** What the database layer reports to the metrics (CreateDbOptions.observe, when they are on). */
export const databaseObserver: DbObserver = {
  query: (seconds, failed) => dbQueryDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
  poolWait: (seconds) => dbPoolWait.observe(seconds),
  watchPool(stats) {
    pools.add(stats);
    return () => pools.delete(stats);
  },
};

new Gauge({
  name: 'percorso_db_pool_connections',
  help: "PostgreSQL: the pool's connections, by state (busy or idle).",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    for (const stats of pools) {
      const now = stats();
      total += now.total;
      idle += now.idle;
    }
    this.set({ state: 'busy' }, total - idle);
    this.set({ state: 'idle' }, idle);
  },
});

new Gauge({
  name: 'percorso_db_pool_waiting',
  help: 'PostgreSQL: queries waiting for a connection of the pool right now.',
  registers: [registry],
  collect() {
    let waiting = 0;
    for (const stats of pools) waiting += stats().waiting;
    this.set(waiting);
  },
});

/**
 * Reads the active sign-ins on each scrape; set in one process per host only (server.ts: the
 * cluster's first worker, or the single process), so that a scrape costs the database one query
 * per host and the cluster's sum is that one count.
 */
let readActiveSignIns: (() => Promise<number>) | null = null;

new Gauge({
  name: 'percorso_active_sign_ins',
  help: 'Sign-ins whose token has not expired yet (a count of the database: the same on every host).',
  registers: [registry],
  async collect() {
    if (!readActiveSignIns) return;
    try {
      this.set(await readActiveSignIns());
    } catch {
      // A database out of reach: the gauge keeps its last value, and the failed query is counted.
    }
  },
});

/** Counts the active sign-ins with `read` on each scrape (server.ts). */
export function countActiveSignIns(read: () => Promise<number>): void {
  readActiveSignIns = read;
}

/** The browsers' error reports (POST /api/client-errors), by kind: a rise after a deploy is a broken page. */
export const clientErrors = new Counter({
  name: 'percorso_client_errors_total',
  help: 'Errors the browsers reported (POST /api/client-errors), by kind: error, rejection, chunk, render.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** 1 in the process that runs the background jobs (infra/leadership.ts), 0 elsewhere. */
export const jobsLeader = new Gauge({
  name: 'percorso_background_jobs_leader',
  help: 'Whether this process runs the background jobs (1) or not (0); summed, the processes that run them.',
  registers: [registry],
});

/** 1 in each process that serves: summed, how many of the host's processes answered the scrape. */
const servingProcesses = new Gauge({
  name: 'percorso_serving_processes',
  help: 'Server processes whose metrics this scrape includes (each counts 1).',
  registers: [registry],
});

const buildInfo = new Gauge({
  name: 'percorso_build_info',
  help: 'The running release (its version and commit, as the label): always 1.',
  labelNames: ['release'] as const,
  aggregator: 'max',
  registers: [registry],
});

let started = false;

/**
 * In every process that serves, when METRICS_PORT is set: the process metrics (memory, CPU, event
 * loop lag, …) join the registry, and a cluster worker answers the primary's requests for it.
 */
export function startMetricsCollection(release: string): void {
  if (started) return;
  started = true;
  buildInfo.set({ release }, 1);
  servingProcesses.set(1);
  collectDefaultMetrics({ register: registry, prefix: 'percorso_' });
  if (cluster.isWorker) {
    // Constructing it makes this worker answer the primary (prom-client's own message listener).
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
}

/**
 * The small HTTP server Prometheus scrapes, on its own address (METRICS_HOST:METRICS_PORT), never on
 * the public port: GET /metrics in Prometheus' text format, anything else 404. `cluster: true` in
 * the primary of WORKERS > 1: the sum of every worker's registry.
 */
export function serveMetrics({
  host,
  port,
  cluster: aggregate,
  onError,
}: {
  host: string;
  port: number;
  cluster: boolean;
  onError: (error: Error) => void;
}): Promise<Server> {
  const aggregator = aggregate ? new AggregatorRegistry() : null;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const text = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    text.then(
      (body) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: Error) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${error.message}\n`);
      },
    );
  });
  // A scrape that hangs up early is no concern of the server's.
  server.on('clientError', (_error, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.unref();
      resolve(server);
    });
  });
}
