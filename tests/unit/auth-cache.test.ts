import { describe, expect, it } from 'vitest';
import { AUTH_CACHE_TTL_MS, AuthCache } from '../../server/src/auth/auth-cache';
import type { DbRuntime } from '../../server/src/db/index';

/** A database runtime whose write versions the test moves by hand. */
function fakeRuntime() {
  const state = { written: 0, external: 0 };
  const runtime = {
    writes: { versionOf: () => state.written },
    externalVersion: () => state.external,
  } as unknown as DbRuntime;
  return { runtime, state };
}

describe('the signed-in callers cache', () => {
  const start = Date.parse('2026-11-24T09:00:00Z');
  const dayLater = start + 24 * 3600 * 1000;

  it('serves a token used every 3 s (the lesson player) from memory for a minute, then reads it again', () => {
    const { runtime } = fakeRuntime();
    const cache = new AuthCache<string>(runtime);
    cache.set('token', 'caller', cache.versions(), start, dayLater);
    for (let t = start; t < start + AUTH_CACHE_TTL_MS; t += 3_000) expect(cache.get('token', t)).toBe('caller');
    expect(AUTH_CACHE_TTL_MS).toBeGreaterThanOrEqual(30_000);
    expect(cache.get('token', start + AUTH_CACHE_TTL_MS)).toBeUndefined();
  });

  it('forgets an entry at once when its tables are written here or by another process, and at the token expiry', () => {
    const { runtime, state } = fakeRuntime();
    const cache = new AuthCache<string>(runtime);
    cache.set('a', 'caller', cache.versions(), start, dayLater);
    state.written++;
    expect(cache.get('a', start + 1)).toBeUndefined();

    cache.set('b', 'caller', cache.versions(), start, dayLater);
    state.external++;
    expect(cache.get('b', start + 1)).toBeUndefined();

    cache.set('c', 'caller', cache.versions(), start, start + 10_000);
    expect(cache.get('c', start + 9_999)).toBe('caller');
    expect(cache.get('c', start + 10_000)).toBeUndefined();
  });
});
