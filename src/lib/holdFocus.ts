/** Focus that sits on nothing a person can use: the page body, a removed element, or a container. */
function focusLost(): boolean {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || !active.isConnected) return true;
  return !active.matches('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"]), h1[tabindex]');
}

/**
 * Puts focus where `place` says, now and again whenever, during the next `ms`, a redraw leaves it
 * on nothing usable (a list reloaded after a change, a dialog's focus trap falling back to its own
 * frame). After an add, a remove or a delete, focus must land on the thing that comes next.
 */
export function holdFocus(place: () => void, ms = 1500): void {
  const until = Date.now() + ms;
  place();
  const check = () => {
    if (Date.now() > until) return;
    if (focusLost()) place();
    setTimeout(check, 100);
  };
  setTimeout(check, 100);
}
