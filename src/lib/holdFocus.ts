/** Focus that sits on nothing a person can use: the page body, a removed element, or a container. */
function focusLost(): boolean {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || !active.isConnected) return true;
  return !active.matches('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"]), h1[tabindex]');
}

/**
 * The one focus hold in progress: a later one replaces it (two holds would fight over focus), and
 * whatever ends its view releases it.
 */
let pending: ReturnType<typeof setTimeout> | undefined;

function later(step: () => void, ms: number): void {
  pending = setTimeout(() => {
    pending = undefined;
    step();
  }, ms);
}

/** Ends the focus hold in progress, if any (or the wait before it). */
export function releaseFocus(): void {
  clearTimeout(pending);
  pending = undefined;
}

/**
 * Puts focus where `place` says, now and again whenever, during the next `ms`, a redraw leaves it
 * on nothing usable (a list reloaded after a change, a dialog's focus trap falling back to its own
 * frame). After an add, a remove or a delete, focus must land on the thing that comes next.
 */
export function holdFocus(place: () => void, ms = 1500): void {
  releaseFocus();
  const until = Date.now() + ms;
  place();
  const check = () => {
    if (Date.now() > until) return;
    if (focusLost()) place();
    later(check, 100);
  };
  later(check, 100);
}

/** holdFocus(place), once `ready()` says the change it follows has settled (asked every 50 ms). */
export function holdFocusWhen(ready: () => boolean, place: () => void): void {
  releaseFocus();
  const wait = () => {
    if (ready()) holdFocus(place);
    else later(wait, 50);
  };
  later(wait, 50);
}
