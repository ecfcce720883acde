import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a list of `total` to render: `first` at once, then `step` more in each later
 * task, as a transition. A list of hundreds then never holds the main thread in one long task, and
 * a click or a key press in between is handled first.
 */
export function useProgressiveCount(total: number, first = 20, step = 30): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
