import { useSyncExternalStore } from 'react';
import { visuallyHidden } from '@mui/utils';

type Politeness = 'polite' | 'assertive';

let messages: Record<Politeness, string> = { polite: '', assertive: '' };
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The mounted regions' box: a dialog hides it (aria-hidden) with the rest of the page. */
let regionBox: HTMLElement | null = null;
const STEP_MS = 50;
/** How long a message waits for a closing dialog to give the page back: longer than any exit transition. */
const MAX_WAIT_MS = 2000;

function say(message: string, politeness: Politeness, waited: number) {
  // Text written into a hidden region is never read: a save that closes its dialog is said once
  // the dialog has gone.
  if (regionBox?.closest('[aria-hidden="true"]') && waited < MAX_WAIT_MS) {
    setTimeout(() => say(message, politeness, waited + STEP_MS), STEP_MS);
    return;
  }
  messages = { ...messages, [politeness]: message };
  notify();
}

/**
 * Says `message` through the page's live region (mounted once, at the app's root): polite for
 * what went well, assertive for what failed. The same text twice in a row is said twice.
 */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  messages = { ...messages, [politeness]: '' };
  notify();
  // A fresh text node in the next frame: screen readers ignore a region whose text did not change.
  setTimeout(() => say(message, politeness, 0), STEP_MS);
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
    <div
      style={visuallyHidden as object}
      ref={(element) => {
        regionBox = element;
      }}
    >
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        {current.polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        {current.assertive}
      </div>
    </div>
  );
}
