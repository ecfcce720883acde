import cluster from 'node:cluster';
import type { RateLimitsRepository } from './repository.js';

/** What @fastify/rate-limit asks a store (its `store` option): count a hit, report hits and ms left. */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** One counted hit: the hits of the key's current window so far, and the ms left in that window. */
export interface Hit {
  hits: number;
  msLeft: number;
}
export interface SharedCounter {
  hit(key: string, windowMs: number): Promise<Hit>;
}
/** A counter kept in this process answers at once; a shared one (database, cluster primary) later. */
export interface Counter {
  hit(key: string, windowMs: number): Hit | Promise<Hit>;
}

/**
 * Fixed-window counters in this process's memory: a key's window starts at its first hit and lasts
 * `windowMs`. Windows ended an hour ago are forgotten now and then.
 */
export function windowCounter(now: () => number = Date.now): { hit(key: string, windowMs: number): Hit } {
  const windows = new Map<string, { hits: number; started: number }>();
  let sincePurge = 0;
  return {
    hit(key, windowMs) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.started + windowMs <= at) {
        entry = { hits: 0, started: at };
        windows.set(key, entry);
      }
      entry.hits++;
      if (++sincePurge >= 10_000) {
        sincePurge = 0;
        for (const [k, value] of windows) if (value.started + 3_600_000 <= at) windows.delete(k);
      }
      return { hits: entry.hits, msLeft: entry.started + windowMs - at };
    },
  };
}

/**
 * A @fastify/rate-limit store whose counters live outside this process (the database on
 * PostgreSQL, the cluster's primary on SQLite), so that every server process counts the same
 * requests. Each limiter made from it (`child`) gets its own key prefix.
 */
export function sharedStore(counter: SharedCounter) {
  let limiters = 0;
  class SharedStore {
    readonly prefix: string;
    /** @fastify/rate-limit passes its options first; limiters made by `child` pass their prefix. */
    constructor(_options?: unknown, prefix = 'g') {
      this.prefix = prefix;
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      counter.hit(`${this.prefix}:${key}`, timeWindow).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }
    child(): SharedStore {
      // Limiters are made in the same order in every process: the same prefix everywhere.
      return new SharedStore(undefined, `l${++limiters}`);
    }
  }
  return SharedStore;
}

/** Counters in the database; expired ones are purged now and then by whoever counts. */
export function databaseCounter(repo: RateLimitsRepository, onError: (error: unknown) => void): SharedCounter {
  let sincePurge = 0;
  return {
    hit(key, windowMs) {
      if (++sincePurge >= 5_000) {
        sincePurge = 0;
        repo.purge(Math.max(windowMs, 60_000) * 2).catch(onError);
      }
      return repo.hit(key, windowMs);
    },
  };
}

const MESSAGE = 'percorso:rate-limit';
interface HitRequest {
  type: typeof MESSAGE;
  id: number;
  key: string;
  windowMs: number;
}
interface HitAnswer {
  type: typeof MESSAGE;
  id: number;
  hits: number;
  msLeft: number;
}

/** In a cluster worker: counters kept by the primary, asked over the cluster's channel. */
export function clusterCounter(): SharedCounter {
  let next = 0;
  const waiting = new Map<number, (answer: HitAnswer) => void>();
  process.on('message', (message: HitAnswer) => {
    if (message?.type !== MESSAGE) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return {
    hit(key, windowMs) {
      return new Promise<Hit>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, ({ hits, msLeft }) => resolve({ hits, msLeft }));
        const request: HitRequest = { type: MESSAGE, id, key, windowMs };
        process.send!(request, undefined, undefined, (error) => {
          if (error) {
            waiting.delete(id);
            reject(error);
          }
        });
      });
    },
  };
}

/** In the cluster's primary: keeps the workers' counters and answers their hits. */
export function serveClusterCounters(now: () => number = Date.now): void {
  const counter = windowCounter(now);
  cluster.on('message', (worker, message: HitRequest) => {
    if (message?.type !== MESSAGE) return;
    const { hits, msLeft } = counter.hit(message.key, message.windowMs);
    const answer: HitAnswer = { type: MESSAGE, id: message.id, hits, msLeft };
    if (worker.isConnected()) worker.send(answer);
  });
}
