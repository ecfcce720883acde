import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { hashKey, queryCache, type QueryKey, type QueryOptions } from './cache';

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  /** No answer yet (a failure is not pending). */
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => void;
}

export interface UseQueryOptions<T> extends QueryOptions<T> {
  /** False: nothing is asked (an id not known yet); the result stays pending. */
  enabled?: boolean;
}

/**
 * Reads `queryKey` from the portal's cache (src/lib/query/cache.ts): renders what is kept, and asks
 * queryFn when nothing fresh is. Every reader of a key re-renders when its answer changes, in a
 * transition: React renders what an answer changes in slices of a few milliseconds, yielding to
 * input and paint between them. (useSyncExternalStore re-renders at once, in one task: when a
 * page's first answers came, the layout and the page rendered in one task of 50-70 ms on a
 * mid-range phone.) The readers of a key all get an answer in the same transition.
 */
export function useQuery<T>({ queryKey, queryFn, staleTime, retry, enabled = true }: UseQueryOptions<T>): QueryResult<T> {
  const hash = hashKey(queryKey);
  // The key's identity is its hash: a new array for the same key neither resubscribes nor refetches.
  const key = useMemo(() => JSON.parse(hash) as QueryKey, [hash]);
  const options = useRef<QueryOptions<T>>({ queryKey: key, queryFn, staleTime, retry });
  useLayoutEffect(() => {
    options.current = { queryKey: key, queryFn, staleTime, retry };
  });

  const [held, setHeld] = useState(() => ({ hash, state: queryCache.getState<T>(key) }));
  // Another key renders what the cache keeps for it at once; its changes come as above.
  const state = held.hash === hash ? held.state : queryCache.getState<T>(key);
  useEffect(() => {
    const update = () => {
      const next = queryCache.getState<T>(key);
      startTransition(() => setHeld((current) => (current.hash === hash && current.state === next ? current : { hash, state: next })));
    };
    const unsubscribe = queryCache.subscribe(key, update);
    // What changed between the render and the subscription.
    update();
    return unsubscribe;
  }, [key, hash]);

  useEffect(() => {
    if (enabled) queryCache.prefetch(options.current);
  }, [key, enabled]);

  const refetch = useCallback(() => void queryCache.invalidate(key), [key]);
  const pending = state.status === 'pending';
  return {
    data: state.data,
    error: state.error,
    isPending: pending,
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    refetch,
  };
}

export type { QueryKey };
