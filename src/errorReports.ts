import { getToken } from './dataProvider/session';

/** The build's release (vite.config.ts writes it in; `dev` where nothing did, e.g. in unit tests). */
declare const __PERCORSO_RELEASE__: string | undefined;
const RELEASE = typeof __PERCORSO_RELEASE__ === 'string' ? __PERCORSO_RELEASE__ : 'dev';

/** What went wrong: an uncaught error, an unhandled rejection, code that failed to download, a screen that failed to render. */
export type ErrorKind = 'error' | 'rejection' | 'chunk' | 'render';

/** Reports per page load: a page that fails in a loop sends a few, not thousands. */
const MAX_REPORTS = 5;

/**
 * A reporter: tells the server of an error this page met (POST /api/client-errors, logged there at
 * warn with the page and the release), so that staff learn of a broken page from the log. The same
 * message is sent once, at most `max` in all; a failed report is not retried. Kept tiny and
 * dependency-free: it loads with every page.
 */
export function errorReporter(max = MAX_REPORTS): (kind: ErrorKind, error: unknown) => void {
  const reported = new Set<string>();
  return (kind, error) => {
    const stack = error instanceof Error ? error.stack : undefined;
    const message = (error instanceof Error ? error.message || error.name : String(error)).slice(0, 1000) || kind;
    if (reported.size >= max || reported.has(message)) return;
    reported.add(message);
    const token = getToken();
    fetch('/api/client-errors', {
      method: 'POST',
      // Sent even while the page unloads (a reload right after the error).
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({
        kind,
        message,
        stack: stack?.slice(0, 4000) ?? null,
        page: location.pathname.slice(0, 500),
        release: RELEASE,
      }),
    }).catch(() => undefined);
  };
}

/** The page's one reporter. */
export const reportError = errorReporter();

/**
 * Reports what nothing else catches: uncaught errors, unhandled rejections, and Vite's failed
 * preloads of a dynamic import's files (main.tsx calls it first). Failed imports of screens and
 * errors caught by the app's error boundaries are reported where they are caught
 * (src/components/reloadableImport.ts, src/components/ErrorBoundary.tsx).
 */
export function watchErrors(target: Window = window, report = reportError): void {
  target.addEventListener('error', (event) => {
    // Chromium's notice that a resize observer skipped a frame: harmless, and frequent.
    if (!/^ResizeObserver loop/.test(event.message)) report('error', event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event) => report('rejection', event.reason));
  target.addEventListener('vite:preloadError', (event) =>
    report('chunk', (event as Event & { payload: unknown }).payload),
  );
}
