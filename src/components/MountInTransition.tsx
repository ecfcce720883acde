import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders nothing at first, then `children` in a transition, which React renders in short slices
 * with the page answering input between them.
 *
 * A render started by a query's result (react-query notifies through useSyncExternalStore) is
 * synchronous: React renders and commits the whole tree it reveals in one task. When that tree is
 * a whole screen, such as the back-office's bar, menu and first page once the sign-in check
 * answers, that one task blocks a phone's main thread for a few hundred milliseconds. Mounting the
 * tree from a transition instead keeps the same work, cut into slices.
 */
export function MountInTransition({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : null;
}
