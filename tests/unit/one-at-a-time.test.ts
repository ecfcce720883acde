import { describe, expect, it } from 'vitest';
import { oneAtATimePerKey } from '../../server/src/infra/one-at-a-time.js';

/** A promise and the functions that settle it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('oneAtATimePerKey', () => {
  it('runs work for one key one after another, in the order asked, whether it succeeds or fails', async () => {
    const run = oneAtATimePerKey();
    const log: string[] = [];
    const first = deferred();
    const a = run('record 1', async () => {
      log.push('a starts');
      await first.promise;
      log.push('a ends');
    });
    const b = run('record 1', async () => {
      log.push('b runs');
      throw new Error('b fails');
    });
    const c = run('record 1', async () => log.push('c runs'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['a starts']);
    first.resolve();
    await a;
    await expect(b).rejects.toThrow('b fails');
    await c;
    expect(log).toEqual(['a starts', 'a ends', 'b runs', 'c runs']);
  });

  it('does not hold up work for another key', async () => {
    const run = oneAtATimePerKey();
    const blocked = deferred();
    const slow = run('record 1', () => blocked.promise);
    await expect(run('record 2', async () => 'done')).resolves.toBe('done');
    blocked.resolve();
    await slow;
  });
});
