/** Focus that sits on nothing a person can use: the page body, a removed element, or a container. */
function focusLost(): boolean {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || !active.isConnected) return true;
  return !active.matches('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"]), h1[tabindex]');
}

/**
 * The one focus hold in progress: a later one replaces it (two holds would fight over focus), and
 * the view that started it releases it when it goes away.
 */
let pending: ReturnType<typeof setTimeout> | undefined;
let current = 0;

function later(step: () => void, ms: number): void {
  pending = setTimeout(() => {
    pending = undefined;
    step();
  }, ms);
}

/** Ends the focus hold in progress, whoever started it, or the wait before it. */
export function releaseFocus(): void {
  clearTimeout(pending);
  pending = undefined;
}

/** Ends a hold: this one only, if another has not replaced it meanwhile. */
export type ReleaseFocus = () => void;

function start(run: () => void): ReleaseFocus {
  releaseFocus();
  const id = ++current;
  run();
  return () => {
    if (current === id) releaseFocus();
  };
}

/**
 * Puts focus where `place` says, now and again whenever, during the next `ms`, a redraw leaves it
 * on nothing usable (a list reloaded after a change, a dialog's focus trap falling back to its own
 * frame). After an add, a remove or a delete, focus must land on the thing that comes next.
 */
export function holdFocus(place: () => void, ms = 1500): ReleaseFocus {
  return start(() => hold(place, ms));
}

function hold(place: () => void, ms: number): void {
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
export function holdFocusWhen(ready: () => boolean, place: () => void, ms = 1500): ReleaseFocus {
  return start(() => {
    const wait = () => {
      if (ready()) hold(place, ms);
      else later(wait, 50);
    };
    later(wait, 50);
  });
}
