import { useEffect, useRef, type RefObject } from 'react';
import { useNavigationType } from 'react-router';

/**
 * After a move to another portal page (not the first page loaded: the browser handles that one),
 * once the new page has set its title, focus goes to the header's h1, which names it: a screen
 * reader says where the user now is, and the next Tab starts from the top of the page rather than
 * from the body or from a sidebar link left behind. A new page (not one reached with Back or
 * Forward) also opens scrolled to the top.
 */
export function useRouteFocus(heading: RefObject<HTMLElement | null>, titledPath: string | null): void {
  const navigationType = useNavigationType();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (titledPath === null) return;
    const previous = lastPath.current;
    lastPath.current = titledPath;
    if (previous === null || previous === titledPath) return;
    if (navigationType !== 'POP') window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [heading, titledPath, navigationType]);
}
