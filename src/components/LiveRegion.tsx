import { useSyncExternalStore } from 'react';
import { visuallyHidden } from '@mui/utils';

type Politeness = 'polite' | 'assertive';

let messages: Record<Politeness, string> = { polite: '', assertive: '' };
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Says `message` through the page's live region (mounted once, at the app's root): polite for
 * what went well, assertive for what failed. The same text twice in a row is said twice.
 */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  messages = { ...messages, [politeness]: '' };
  notify();
  // A fresh text node in the next frame: screen readers ignore a region whose text did not change.
  setTimeout(() => {
    messages = { ...messages, [politeness]: message };
    notify();
  }, 50);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The app's live regions, visually hidden: polite (role status) and assertive. The assertive one
 * has no role "alert", so the page's own visible alerts stay the only ones (one role per meaning).
 */
export function LiveRegion() {
  const current = useSyncExternalStore(subscribe, () => messages);
  return (
    <div style={visuallyHidden as object}>
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        {current.polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        {current.assertive}
      </div>
    </div>
  );
}
