import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase, runtimeOf, setDatabaseLogger, type Db } from './db/index.js';
import { buildApp } from './app.js';
import { countActiveTokens } from './auth/tokens.js';
import { seedIfEmpty } from './seed/index.js';
import { logSignInSettings } from './auth/startup-notes.js';
import { adoptLegacyIdentities } from './auth/identities.js';
import { startAttendanceScheduler, stopAttendanceScheduler } from './modules/attendances/scheduler.js';
import { startRetention, stopRetention } from './plugins/retention.js';
import { listenForChanges } from './db/notifications.js';
import { startLeadership } from './infra/leadership.js';
import { serveClusterCounters } from './infra/rate-limits/shared.js';
import { drainOnSignals } from './shutdown.js';
import { currentRelease } from './infra/release.js';
import {
  countActiveSignIns,
  databaseObserver,
  jobsLeader,
  serveMetrics,
  startMetricsCollection,
} from './infra/metrics.js';
import { endOfLifeNotice } from './infra/node-support.js';

/** Set by the primary for each worker it forks: 0 for the first (and for its replacement). */
const WORKER_INDEX_ENV = 'PERCORSO_WORKER_INDEX';
/** How often a process that does not run the background jobs checks whether it should. */
const LEADERSHIP_RETRY_MS = Number(process.env.PERCORSO_JOBS_RETRY_MS) || 5_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configurazione non valida: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function open(config: Config): Promise<Db> {
  // Start in any order: a database still starting (a container stack, a reboot) is waited for.
  return openDatabase(config.database, {
    timeoutSeconds: config.dbConnectTimeoutSeconds,
    queryTimeoutMs: config.dbQueryTimeoutSeconds * 1000,
    observe: config.metrics ? databaseObserver : undefined,
    log: (message) => console.error(message),
  });
}

/** METRICS_PORT's server: in the primary of a cluster (every worker's sum) or in the single process. */
async function listenForScrapes(config: Config, log: (message: string) => void): Promise<void> {
  if (!config.metrics) return;
  const { host, port } = config.metrics;
  await serveMetrics({
    host,
    port,
    cluster: cluster.isPrimary && config.workers > 1,
    onError: (error) => log(`metrics: ${error.message}`),
  });
  log(`Metriche per Prometheus su http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`);
}

/** Migrations and the first-start seed: once, before any process serves. */
async function prepare(db: Db, config: Config): Promise<void> {
  await migrateToLatest(db);
  await adoptLegacyIdentities(db, config.oidc);
  await seedIfEmpty(db, config);
}

/** One serving process: the only one (WORKERS=1) or a cluster worker. */
async function serve(config: Config, db: Db, workerIndex: number): Promise<void> {
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  setDatabaseLogger(db, app.log);
  if (config.metrics) {
    startMetricsCollection(currentRelease());
    // One process per host counts the sign-ins (the same number in every one).
    if (workerIndex === 0) countActiveSignIns(() => countActiveTokens(db, new Date(app.now())));
  }
  const checkpoints = runtimeOf(db)?.checkpointInBackground() ?? null;

  // Another process's logout or role change reaches this process's caches (PostgreSQL).
  const changes = config.database.kind === 'postgres' ? listenForChanges(db, config.database.url, app.log) : null;
  const jobs = startLeadership({
    database: config.database,
    workerIndex,
    log: app.log,
    retryMs: LEADERSHIP_RETRY_MS,
    queryTimeoutMs: config.dbQueryTimeoutSeconds * 1000,
    onLead: () => {
      jobsLeader.set(1);
      startAttendanceScheduler(app);
      startRetention(app);
    },
    onLose: async () => {
      jobsLeader.set(0);
      await stopAttendanceScheduler(app);
      await stopRetention(app);
    },
  });

  drainOnSignals(
    app,
    async () => {
      await jobs.stop();
      await changes?.stop();
      await checkpoints?.stop();
      await db.destroy();
    },
    { drainMs: config.timeouts.drainMs, deadlineMs: config.timeouts.shutdownMs },
  );

  await app.listen({ host: config.host, port: config.port });
  if (!cluster.isWorker) await listenForScrapes(config, (message) => app.log.info(message));
  if (workerIndex === 0) {
    const provider = config.oidc.external ? config.oidc.issuer : `${config.oidc.issuer} (provider di sviluppo)`;
    const processes = config.workers > 1 ? ` con ${config.workers} processi` : '';
    app.log.info(`Percorso è pronto su ${config.publicUrl}${processes} — accesso tramite ${provider}`);
    await logSignInSettings(app);
  }
}

/**
 * WORKERS > 1: this process prepares the database once, then forks the workers that serve the one
 * port (node:cluster), replaces a worker that dies, and on SIGTERM/SIGINT passes the signal on to
 * every worker (each drains and closes, shutdown.ts) and exits once all have stopped (1 if one of
 * them did not stop cleanly).
 */
async function primary(config: Config): Promise<void> {
  const db = await open(config);
  await prepare(db, config);
  await db.destroy();

  let stopping = false;
  let failed = false;
  const indexOf = new Map<number, number>();
  const startedAt = new Map<number, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
    indexOf.set(worker.id, index);
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker.id) ?? 0;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    indexOf.delete(worker.id);
    startedAt.delete(worker.id);
    if (stopping) {
      if (code !== 0) failed = true;
      if (indexOf.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    console.error(`Processo ${worker.process.pid} terminato (${signal ?? `codice ${code}`}): ne avvio un altro.`);
    // One that fails at start (a port taken, a bad setting) is not restarted in a tight loop.
    if (lived < 2_000) setTimeout(() => !stopping && fork(index), 2_000);
    else fork(index);
  });
  const signalWorkers = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A SIGINT after a SIGTERM ends the workers' drain (shutdown.ts); other repeats change nothing.
      if (signal === 'SIGINT') signalWorkers(signal);
      return;
    }
    stopping = true;
    console.error(`${signal}: i ${indexOf.size} processi finiscono le richieste in corso`);
    signalWorkers(signal);
    if (indexOf.size === 0) process.exit(0);
    // Workers have their own deadline (after their drain, on SIGTERM only); this one only covers a
    // worker that hangs past it.
    const drainMs = signal === 'SIGTERM' ? config.timeouts.drainMs : 0;
    setTimeout(() => process.exit(1), drainMs + config.timeouts.shutdownMs + 5_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The workers' rate-limit counters (on PostgreSQL they live in the database instead).
  if (config.database.kind === 'sqlite') serveClusterCounters();
  // Before the workers: a metrics port that is taken stops the start at once.
  await listenForScrapes(config, (message) => console.error(message));
  for (let i = 0; i < config.workers; i++) fork(i);
}

/** The only process entry point that listens: migrate, seed on first start, serve, close cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  // Once per start, from the first process (scripts/start.mjs, when it started this one, said it already).
  const notice = cluster.isWorker || process.env.PERCORSO_NODE_NOTICE_SHOWN ? null : endOfLifeNotice();
  if (notice) console.warn(notice);
  if (cluster.isWorker) {
    await serve(config, await open(config), Number(process.env[WORKER_INDEX_ENV] ?? 0));
    return;
  }
  if (config.workers > 1) {
    await primary(config);
    return;
  }
  const db = await open(config);
  await prepare(db, config);
  await serve(config, db, 0);
}

main().catch((error: unknown) => {
  console.error('Avvio non riuscito:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
