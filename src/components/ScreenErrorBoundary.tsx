import { useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { renewFailedLazies } from './retryableLazy';

interface ScreenErrorBoundaryProps {
  fallback: ComponentType<{ onRetry: () => void }>;
  children: ReactNode;
}

/**
 * Catches what a screen throws while it loads or renders — most often a chunk the browser can no
 * longer download (the connection dropped, or a deploy replaced the files) — and shows `fallback`
 * in its place instead of leaving the page blank. Its `onRetry` renders the children again in
 * place, and so does going to another path: a screen made with `retryableLazy` downloads again.
 */
export function ScreenErrorBoundary({ fallback: Fallback, children }: ScreenErrorBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      fallback={<Fallback onRetry={() => setAttempt(attempt + 1)} />}
      resetKey={useLocation().pathname + attempt}
      onError={renewFailedLazies}
    >
      {children}
    </ErrorBoundary>
  );
}
