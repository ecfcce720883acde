import { useCallback, useEffect, useRef } from 'react';

/**
 * For a button whose action shows as `busy` (a save, a delete): lets the first click through and
 * stops the ones that follow until `busy` has changed. A double click lands its second click
 * before the render that shows the first one busy, and would otherwise save or delete twice.
 * Answers whether a click may act.
 */
export function useFirstClickOnly(busy: boolean, ...resetWhen: unknown[]): () => boolean {
  const clicked = useRef(false);
  useEffect(() => {
    clicked.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callers' own reset values
  }, [busy, ...resetWhen]);
  return useCallback(() => {
    if (busy || clicked.current) return false;
    clicked.current = true;
    return true;
  }, [busy]);
}
