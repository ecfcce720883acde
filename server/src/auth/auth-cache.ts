import type { DbRuntime } from '../db/index.js';

/**
 * Who a bearer token belongs to, kept in memory so that a request does not look up its token and
 * its permissions again (two queries that would otherwise cost more than most list pages).
 *
 * Freshness:
 * - In this process every change is seen at once: an entry is tagged with the write version of
 *   the tables it was read from (access tokens, users, roles, permissions), taken by the
 *   WriteTracker plugin from every query sent through the Kysely instance — logout, role and
 *   permission edits, user changes, and direct writes such as tests' and CLI scripts' alike.
 * - On SQLite, writes by other processes move `data_version`, which is part of the tag: exact too.
 * - On PostgreSQL with several server processes, a request that changed one of these tables
 *   announces it (NOTIFY, db/notifications.ts); every process's listener counts it as a write and
 *   confirms it, and the answer leaves once all have, so the next request anywhere reads again. While a process's
 *   listener is disconnected nothing is served from this cache. AUTH_CACHE_TTL_MS stays as a last
 *   bound; a token also stops working at its expiry. It is a minute, longer than the lesson
 *   player's sync interval, so a learner's token is read once a minute, not every other sync.
 */
export const AUTH_CACHE_TTL_MS = 60_000;
/** Enough for the concurrent users of a large deployment; the oldest entries go first. */
const MAX_ENTRIES = 50_000;

/** The tables an AuthContext is computed from. */
export const AUTH_TABLES = [
  'access_tokens',
  'users',
  'user_roles',
  'roles',
  'role_permissions',
  'permissions',
] as const;

interface Entry<T> {
  value: T;
  writeVersion: number;
  externalVersion: number;
  /** Epoch ms after which the entry must be read again (TTL or token expiry, the earlier). */
  freshUntil: number;
}

export class AuthCache<T> {
  #entries = new Map<string, Entry<T>>();

  constructor(private readonly runtime: DbRuntime) {}

  /** The version to tag a value with: take it before reading the database. */
  versions(): { writeVersion: number; externalVersion: number } {
    return {
      writeVersion: this.runtime.writes.versionOf(AUTH_TABLES),
      externalVersion: this.runtime.externalVersion(),
    };
  }

  get(key: string, now: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (
      entry.freshUntil <= now ||
      entry.writeVersion !== this.runtime.writes.versionOf(AUTH_TABLES) ||
      entry.externalVersion !== this.runtime.externalVersion()
    ) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(
    key: string,
    value: T,
    tag: { writeVersion: number; externalVersion: number },
    now: number,
    expiresAt: number,
  ): void {
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, ...tag, freshUntil: Math.min(now + AUTH_CACHE_TTL_MS, expiresAt) });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
