import { useCallback, useSyncExternalStore } from 'react';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether the media query (`(min-width:900px)`, or `@media …` as the theme's breakpoints write
 * it) matches now, re-rendering when that changes. MUI's useMediaQuery does this for the
 * server-rendered case too, which the portal does not have. Without matchMedia: false.
 */
export function useMediaQuery(query: string): boolean {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported()) return () => {};
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(subscribe, () => supported() && window.matchMedia(media).matches);
}
