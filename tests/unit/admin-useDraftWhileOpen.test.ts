import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraftWhileOpen } from '../../src/admin/common/useDraftWhileOpen';

describe("a dialog's draft", () => {
  it('follows the record while closed, holds still while open, and starts again at the next opening', () => {
    const { result, rerender } = renderHook(({ open, current }) => useDraftWhileOpen(open, current), {
      initialProps: { open: false, current: ['a'] },
    });
    rerender({ open: true, current: ['a', 'b'] });
    expect(result.current.shown).toEqual(['a', 'b']);
    expect(result.current.draft).toEqual(['a', 'b']);

    act(() => result.current.setDraft(['b']));
    rerender({ open: true, current: ['a', 'b', 'c'] });
    expect(result.current.shown).toEqual(['a', 'b']);
    expect(result.current.draft).toEqual(['b']);

    rerender({ open: false, current: ['a', 'b', 'c'] });
    rerender({ open: true, current: ['a', 'b', 'c'] });
    expect(result.current.shown).toEqual(['a', 'b', 'c']);
    expect(result.current.draft).toEqual(['a', 'b', 'c']);
  });
});
