import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
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
 * queryFn when nothing fresh is. Every reader of a key re-renders when its answer changes.
 */
export function useQuery<T>({ queryKey, queryFn, staleTime, retry, enabled = true }: UseQueryOptions<T>): QueryResult<T> {
  const hash = hashKey(queryKey);
  // The key's identity is its hash: a new array for the same key neither resubscribes nor refetches.
  const key = useMemo(() => JSON.parse(hash) as QueryKey, [hash]);
  const options = useRef<QueryOptions<T>>({ queryKey: key, queryFn, staleTime, retry });
  useLayoutEffect(() => {
    options.current = { queryKey: key, queryFn, staleTime, retry };
  });

  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(key, listener), [key]);
  const getState = useCallback(() => queryCache.getState<T>(key), [key]);
  const state = useSyncExternalStore(subscribe, getState);

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
