import { Worker } from 'node:worker_threads';
import type { DbLogger } from './logger.js';

/**
 * SQLite WAL checkpoints on a thread of their own.
 *
 * By default SQLite checkpoints inside the commit that takes the write-ahead log past 1,000 pages,
 * on the connection that commits: here the server's one connection, on its event loop. Copying
 * those pages into the database file and syncing it takes 10–60 ms on an ordinary disk, and no
 * request is served meanwhile; under a steady stream of writes (every learner's player syncs every
 * 3 s) that is several stalls a second, and they are what the slowest answers wait for.
 *
 * So the serving connection never checkpoints (wal_autocheckpoint = 0) and a worker thread, with
 * its own connection to the same file, runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS: it
 * copies what no reader still needs without taking the write lock, so commits go on meanwhile, and
 * the next commit after a complete checkpoint starts the log again from its beginning. Should the
 * worker stop for any reason, the serving connection checkpoints by itself again.
 */
export const CHECKPOINT_EVERY_MS = 200;
const AUTOCHECKPOINT_PAGES = 1000;

/** CommonJS, evaluated in the worker: it only opens the file and checkpoints on a timer. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Runs a last checkpoint and ends the thread. */
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  /** The database file. */
  file: string;
  /** The SQLite driver module's resolved path (the one the serving connection uses). */
  driverPath: string;
  /** Sets the serving connection's wal_autocheckpoint (0: never). */
  setAutoCheckpoint(pages: number): void;
  log: DbLogger;
  everyMs?: number;
}

export function startWalCheckpointer({
  file,
  driverPath,
  setAutoCheckpoint,
  log,
  everyMs = CHECKPOINT_EVERY_MS,
}: WalCheckpointerOptions): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driverPath, everyMs } });
  // A background helper: it never keeps the process alive by itself.
  worker.unref();
  setAutoCheckpoint(0);
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      if (!stopping) {
        log.warn({ code }, 'The WAL checkpoint thread stopped: the database connection checkpoints by itself again');
      }
      setAutoCheckpoint(AUTOCHECKPOINT_PAGES);
      resolve();
    });
  });
  worker.on('error', (error) => log.warn({ err: error }, 'The WAL checkpoint thread failed'));
  return {
    stop: async () => {
      if (!stopping) {
        stopping = true;
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}
