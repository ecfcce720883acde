import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFocus } from '../../src/lib/holdFocus';

describe('holdFocus', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('puts focus back when a redraw removes the element it was placed on, until the time is up', () => {
    vi.useFakeTimers();
    const list = document.createElement('div');
    document.body.append(list);
    const draw = () => {
      list.innerHTML = '<button>Rimuovi Ada</button><div tabindex="-1" id="frame"></div>';
    };
    draw();
    const place = vi.fn(() => list.querySelector('button')!.focus());
    holdFocus(place, 1000);
    expect(document.activeElement?.textContent).toBe('Rimuovi Ada');

    // The list is drawn anew: the focused button is gone, focus falls to the body.
    draw();
    expect(document.activeElement).toBe(document.body);
    vi.advanceTimersByTime(150);
    expect(document.activeElement?.textContent).toBe('Rimuovi Ada');

    // A container that only holds focus (a dialog's frame) counts as lost too.
    (list.querySelector('#frame') as HTMLElement).focus();
    vi.advanceTimersByTime(150);
    expect(document.activeElement?.textContent).toBe('Rimuovi Ada');

    // Past the time given, focus is left where the person puts it.
    vi.advanceTimersByTime(2000);
    const calls = place.mock.calls.length;
    draw();
    vi.advanceTimersByTime(500);
    expect(place.mock.calls.length).toBe(calls);
  });
});
