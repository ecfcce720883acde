import { describe, expect, it } from 'vitest';
import { withLease, type LeaseStore } from '../../server/src/infra/leases.js';

/** A lease store in memory, on a clock the test moves (what edit_leases does, for one process). */
function memoryStore() {
  let now = 0;
  const leases = new Map<string, { holder: string; expiresAt: number }>();
  const store: LeaseStore & { advance(ms: number): void; held(key: string): boolean } = {
    async take(key, holder, leaseMs) {
      const lease = leases.get(key);
      if (lease && lease.expiresAt > now) return false;
      leases.set(key, { holder, expiresAt: now + leaseMs });
      return true;
    },
    async release(key, holder) {
      if (leases.get(key)?.holder === holder) leases.delete(key);
    },
    advance(ms) {
      now += ms;
    },
    held(key) {
      return leases.has(key);
    },
  };
  return store;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((ok) => (resolve = ok));
  return { promise, resolve };
}

const options = { leaseMs: 1_000, firstWaitMs: 1, maxWaitStepMs: 2 };
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withLease', () => {
  it('runs work for one key one at a time, even from callers that share nothing but the store', async () => {
    const store = memoryStore();
    const log: string[] = [];
    const first = deferred();
    const a = withLease(
      store,
      'record 1',
      async () => {
        log.push('a starts');
        await first.promise;
        log.push('a ends');
      },
      options,
    );
    const b = withLease(store, 'record 1', async () => log.push('b runs'), options);
    await tick();
    expect(log).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, b]);
    expect(log).toEqual(['a starts', 'a ends', 'b runs']);
    expect(store.held('record 1')).toBe(false);
  });

  it('does not hold up work for another key', async () => {
    const store = memoryStore();
    const first = deferred();
    const a = withLease(store, 'record 1', () => first.promise, options);
    await expect(withLease(store, 'record 2', async () => 'done', options)).resolves.toBe('done');
    first.resolve();
    await a;
  });

  it('gives the lease back when the work fails, and passes the failure on', async () => {
    const store = memoryStore();
    await expect(withLease(store, 'record 1', () => Promise.reject(new Error('refused')), options)).rejects.toThrow(
      'refused',
    );
    expect(store.held('record 1')).toBe(false);
    await expect(withLease(store, 'record 1', async () => 'next', options)).resolves.toBe('next');
  });

  it('answers with the work done when the lease cannot be given back, and says so', async () => {
    const store = memoryStore();
    const failures: unknown[] = [];
    store.release = () => Promise.reject(new Error('connection lost'));
    const done = await withLease(store, 'record 1', async () => 'saved', {
      ...options,
      onReleaseFailed: (error) => failures.push(error),
    });
    expect(done).toBe('saved');
    expect(failures).toEqual([new Error('connection lost')]);
  });

  it('takes over a lease whose holder never gave it back, once it has lapsed', async () => {
    const store = memoryStore();
    // A holder that died mid-work: it took the lease and will never release it.
    expect(await store.take('record 1', 'dead process', options.leaseMs)).toBe(true);
    let ran = false;
    const waiting = withLease(store, 'record 1', async () => (ran = true), options);
    await tick();
    expect(ran).toBe(false);
    store.advance(options.leaseMs);
    await waiting;
    expect(ran).toBe(true);
  });
});
