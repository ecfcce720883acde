import type { CompiledQuery } from 'kysely';
import { runtimeOf, type Db, type DbRuntime } from '../db/index.js';

/** Distinct filtered counts kept; the oldest go first. */
const MAX_ENTRIES = 500;

/**
 * Totals of list queries (`meta.total`) on SQLite, kept until the database changes: counting a
 * filtered list means visiting every matching row, while its page stops after `per_page` rows.
 * Exact, never stale: any write through this process (WriteTracker) or by another process
 * (SQLite's data_version) empties the cache before the next read. Not used on PostgreSQL, where
 * other server processes' writes cannot be seen cheaply.
 */
export class CountCache {
  #counts = new Map<string, number>();
  #writeVersion = -1;
  #externalVersion = -1;

  constructor(private readonly runtime: DbRuntime) {}

  /** Drops everything once the database has changed; returns false inside a transaction. */
  #usable(): boolean {
    if (this.runtime.inTransaction()) return false;
    const writeVersion = this.runtime.writes.totalVersion();
    const externalVersion = this.runtime.externalVersion();
    if (writeVersion !== this.#writeVersion || externalVersion !== this.#externalVersion) {
      this.#counts.clear();
      this.#writeVersion = writeVersion;
      this.#externalVersion = externalVersion;
    }
    return true;
  }

  /** The count of `query`, from the cache or from `run` (whose result is kept if nothing changed meanwhile). */
  async count(query: CompiledQuery, run: () => Promise<number>): Promise<number> {
    if (!this.#usable()) return run();
    const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    const cached = this.#counts.get(key);
    if (cached !== undefined) return cached;
    const writeVersion = this.#writeVersion;
    const externalVersion = this.#externalVersion;
    const total = await run();
    if (this.#usable() && writeVersion === this.#writeVersion && externalVersion === this.#externalVersion) {
      if (this.#counts.size >= MAX_ENTRIES) this.#counts.delete(this.#counts.keys().next().value!);
      this.#counts.set(key, total);
    }
    return total;
  }
}

const caches = new WeakMap<DbRuntime, CountCache>();

/** The count cache of a SQLite database opened by createDb; null otherwise. */
export function countCacheOf(db: Db): CountCache | null {
  const runtime = runtimeOf(db);
  if (!runtime || runtime.kind !== 'sqlite') return null;
  let cache = caches.get(runtime);
  if (!cache) {
    cache = new CountCache(runtime);
    caches.set(runtime, cache);
  }
  return cache;
}
