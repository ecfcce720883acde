/**
 * The portal's cache of API reads: each answer kept under a key (`['teams', '3']`), shared by every
 * component that reads it, asked once however many ask together, asked again when it is older than
 * its freshness or when a write invalidates its key.
 *
 * The back-office keeps react-admin's own cache (react-query, which react-admin is built on); the
 * portal's pages read a few resources and write fewer, and this is all they use of such a cache,
 * at about a tenth of react-query's weight on every portal page. The two caches never hold each
 * other's answers: the portal's is emptied when the back-office opens (src/App.tsx) and both when
 * the session changes, so neither shows what the other has since changed.
 */
import { errorStatus } from '../../dataProvider/apiError';

export type QueryKey = readonly unknown[];

export interface QueryState<T = unknown> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  /** Date.now() of the last answer; 0 once invalidated. */
  updatedAt: number;
}

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** How long an answer stands without being asked again (ms). */
  staleTime?: number;
  /** Whether to ask again after a failure (the default: see shouldRetry). */
  retry?: boolean;
}

interface Entry {
  key: QueryKey;
  state: QueryState;
  listeners: Set<() => void>;
  request?: Promise<unknown>;
  /** The last reader's way to ask, for a refetch after invalidation. */
  options?: QueryOptions<unknown>;
}

export const DEFAULT_STALE_TIME = 30_000;
const PENDING: QueryState = { status: 'pending', data: undefined, error: null, updatedAt: 0 };
const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 422]);

/** Client errors and skipped requests will not succeed on a second try; others get two more. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if ((error as Error | null)?.name === 'SkippedRequestError') return false;
  const status = errorStatus(error);
  if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < 2;
}

/** 1 s, then 2 s (as react-admin's queries wait). */
const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** (failureCount - 1), 30_000);

export const hashKey = (key: QueryKey): string => JSON.stringify(key);

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => hashKey([part]) === hashKey([key[index]]));

export class QueryCache {
  private readonly entries = new Map<string, Entry>();
  /** Called with each failure that reached the reader (after the retries): the session check. */
  onError: (error: unknown) => void = () => undefined;

  private entry(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { key, state: PENDING, listeners: new Set() };
      this.entries.set(hash, entry);
    }
    return entry;
  }

  private update(entry: Entry, state: QueryState): void {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  /** The key's state: pending until its first answer. */
  getState<T>(key: QueryKey): QueryState<T> {
    return (this.entries.get(hashKey(key))?.state ?? PENDING) as QueryState<T>;
  }

  getData<T>(key: QueryKey): T | undefined {
    return this.getState<T>(key).data;
  }

  subscribe(key: QueryKey, listener: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /**
   * The key's answer: the one in flight if there is one, the kept one while fresh, otherwise asked
   * now (and asked again after a failure that may pass, see shouldRetry).
   */
  fetch<T>(options: QueryOptions<T>): Promise<T> {
    const entry = this.entry(options.queryKey);
    entry.options = options as QueryOptions<unknown>;
    if (entry.request) return entry.request as Promise<T>;
    const { state } = entry;
    if (state.status === 'success' && Date.now() - state.updatedAt < (options.staleTime ?? DEFAULT_STALE_TIME)) {
      return Promise.resolve(state.data as T);
    }
    // A key removed or invalidated meanwhile has dropped this request: it is not tried again.
    const stillAsked = () => entry.request === request;
    const request: Promise<T> = this.run(options, stillAsked).then(
      (data) => {
        if (entry.request === request) {
          entry.request = undefined;
          this.update(entry, { status: 'success', data, error: null, updatedAt: Date.now() });
        }
        return data;
      },
      (error: unknown) => {
        if (entry.request === request) {
          entry.request = undefined;
          // A failed refetch keeps what the page already shows.
          this.update(entry, { ...entry.state, status: entry.state.data === undefined ? 'error' : entry.state.status, error });
          this.onError(error);
        }
        throw error;
      },
    );
    entry.request = request;
    return request;
  }

  /** Asks the key ahead of its readers; a failure waits for them (they show it). */
  prefetch<T>(options: QueryOptions<T>): void {
    this.fetch(options).catch(() => undefined);
  }

  private async run<T>({ queryFn, retry = true }: QueryOptions<T>, stillAsked: () => boolean): Promise<T> {
    for (let failures = 0; ; ) {
      try {
        return await queryFn();
      } catch (error) {
        failures++;
        if (!retry || !shouldRetry(failures - 1, error) || !stillAsked()) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
        if (!stillAsked()) throw error;
      }
    }
  }

  /** The answer a write returned, kept without asking. */
  setData<T>(key: QueryKey, data: T, updatedAt = Date.now()): void {
    const entry = this.entry(key);
    entry.request = undefined;
    this.update(entry, { status: 'success', data, error: null, updatedAt });
  }

  /** Every key starting with `prefix` is stale: those on screen are asked again now, the others when next read. */
  invalidate(prefix: QueryKey): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const entry of this.entries.values()) {
      if (!startsWith(entry.key, prefix)) continue;
      entry.state = { ...entry.state, updatedAt: 0 };
      entry.request = undefined;
      if (entry.listeners.size && entry.options) refetches.push(this.fetch(entry.options).catch(() => undefined));
    }
    return Promise.all(refetches).then(() => undefined);
  }

  /**
   * Forgets every key starting with `prefix` (all of them without one): a key on screen starts
   * over (pending, and asked again unless `refetch` is false: its readers are leaving), the others
   * are dropped.
   */
  remove(prefix: QueryKey = [], refetch = true): void {
    for (const [hash, entry] of this.entries) {
      if (!startsWith(entry.key, prefix)) continue;
      entry.request = undefined;
      if (!entry.listeners.size || !entry.options) {
        this.entries.delete(hash);
        continue;
      }
      this.update(entry, PENDING);
      if (refetch) this.prefetch(entry.options);
    }
  }
}

/** The portal's one cache. */
export const queryCache = new QueryCache();
