import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * Catches what a screen throws while it loads or renders — most often a chunk the browser can no
 * longer download (the connection dropped, or a deploy replaced the files) — and shows `fallback`
 * in its place instead of leaving the page blank. Going to another path renders the children
 * again; the same path needs a reload, since React keeps a failed lazy import failed.
 */
export function ScreenErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={fallback} resetKey={useLocation().pathname}>
      {children}
    </ErrorBoundary>
  );
}
