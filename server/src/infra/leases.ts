import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where leases are kept: the database's edit_leases (modules/edit-leases/repository.ts), or a test's map. */
export interface LeaseStore {
  take(key: string, holder: string, leaseMs: number): Promise<boolean>;
  release(key: string, holder: string): Promise<void>;
}

export interface LeaseOptions {
  /** How long a lease lasts if its holder never gives it back (its process died mid-work). */
  leaseMs: number;
  /** The first wait before asking again; each following wait doubles, up to `maxWaitStepMs`. */
  firstWaitMs?: number;
  maxWaitStepMs?: number;
  /**
   * A lease that could not be given back (the database went away just after the work): the work's
   * outcome stands, and the lease lapses in its time. Told here, to be logged.
   */
  onReleaseFailed?: (error: unknown) => void;
}

/**
 * Runs `work` while holding the lease on `key`, so that work for the same key runs one at a time
 * across every process that shares the store: it asks for the lease until it gets it (waiting a
 * little longer each time), runs the work, and gives the lease back whatever the work's outcome
 * (a save that was written is answered as written, even if the lease could not be given back).
 * A holder that died never gives it back: its lease lapses after `leaseMs`, and the next ask gets it.
 */
export async function withLease<T>(
  store: LeaseStore,
  key: string,
  work: () => Promise<T>,
  options: LeaseOptions,
): Promise<T> {
  const holder = randomUUID();
  let wait = options.firstWaitMs ?? 5;
  const maxStep = options.maxWaitStepMs ?? 100;
  while (!(await store.take(key, holder, options.leaseMs))) {
    await sleep(wait);
    wait = Math.min(wait * 2, maxStep);
  }
  try {
    return await work();
  } finally {
    await store.release(key, holder).catch((error: unknown) => options.onReleaseFailed?.(error));
  }
}
