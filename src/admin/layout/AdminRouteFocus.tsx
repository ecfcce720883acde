import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (its data loading) before focus stays put. */
const HEADING_WAIT_MS = 5000;

/**
 * After a move to another back-office page (a menu item, a link in a list; not the first page
 * loaded), focus goes to the new page's h1 once it shows: a screen reader says where the user now
 * is, and the next Tab starts in the page rather than in the menu left behind. Focus already moved
 * into the page's content by the page itself (a form field) is left there.
 */
export function AdminRouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname) return;
    const content = () => document.getElementById('main-content');
    const focusHeading = (): boolean => {
      const heading = content()?.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      if (active && active !== document.body && content()?.contains(active)) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
  return null;
}
