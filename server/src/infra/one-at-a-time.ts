/**
 * Runs work for the same key one after another, in the order it was asked for; work for other keys
 * is not held up. A key with nothing queued is forgotten, so keys cost nothing once idle.
 */
export function oneAtATimePerKey() {
  const queues = new Map<string, Promise<void>>();
  return async function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = queues.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = before.then(() => new Promise<void>((resolve) => (done = resolve)));
    queues.set(key, mine);
    await before;
    try {
      return await work();
    } finally {
      done();
      if (queues.get(key) === mine) queues.delete(key);
    }
  };
}
