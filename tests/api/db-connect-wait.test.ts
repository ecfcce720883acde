import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/src/db/index.js';

/** A port nothing listens on: every connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('waiting for a database that does not answer (DB_CONNECT_TIMEOUT_SECONDS)', () => {
  afterEach(() => vi.useRealTimers());

  it.each([5, 12])('keeps trying for the whole %i s before giving up', async (timeoutSeconds) => {
    // The clock moves only when the start-up pauses, so the test takes no real waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    const pauses: number[] = [];
    const sleep = async (ms: number) => {
      pauses.push(ms);
      vi.setSystemTime(Date.now() + ms);
    };
    const url = {
      kind: 'postgres' as const,
      url: `postgres://percorso:percorso@127.0.0.1:${await closedPort()}/percorso`,
    };
    const failure = openDatabase(url, { timeoutSeconds, log: () => {}, sleep });
    await expect(failure).rejects.toThrow(new RegExp(`Database non raggiungibile dopo ${timeoutSeconds} s`));
    const waited = pauses.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeGreaterThanOrEqual(timeoutSeconds * 1000 - 50);
    expect(waited).toBeLessThanOrEqual(timeoutSeconds * 1000 + 50);
  });
});
