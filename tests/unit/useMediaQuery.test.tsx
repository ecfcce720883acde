import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from '../../src/portal/layout/useMediaQuery';

/** A window.matchMedia whose answer the test sets, telling its listeners as a browser does. */
function fakeMatchMedia(initiallyMatches: boolean) {
  let matches = initiallyMatches;
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    return {
      get matches() {
        return matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
  });
  return {
    queries,
    listeners,
    set(value: boolean) {
      matches = value;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it("answers the theme's breakpoint query and follows the window as it changes", () => {
    const media = fakeMatchMedia(true);
    const { result, unmount } = renderHook(() => useMediaQuery('@media (min-width:900px)'));
    expect(result.current).toBe(true);
    expect(media.queries).toContain('(min-width:900px)');
    act(() => media.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('is false where matchMedia does not exist', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery('(min-width:900px)'));
    expect(result.current).toBe(false);
  });
});
