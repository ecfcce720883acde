import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFocus, holdFocusWhen, releaseFocus } from '../../src/admin/common/holdFocus';

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

  it('lets go when released, and when a later hold takes over: no timer is left behind', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    holdFocus(first);
    releaseFocus();
    vi.advanceTimersByTime(500);
    expect(first).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);

    holdFocus(first);
    const second = vi.fn();
    holdFocus(second);
    vi.advanceTimersByTime(500);
    expect(first).toHaveBeenCalledTimes(2);
    expect(second.mock.calls.length).toBeGreaterThan(1);
    vi.advanceTimersByTime(2000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a hold's own release leaves a later hold alone (a closed dialog unmounting with its deleted row)", () => {
    vi.useFakeTimers();
    const dialogs = vi.fn();
    const releaseDialogs = holdFocus(dialogs);
    const rows = vi.fn();
    holdFocusWhen(() => true, rows);
    releaseDialogs();
    vi.advanceTimersByTime(100);
    expect(rows).toHaveBeenCalledTimes(1);
    expect(dialogs).toHaveBeenCalledTimes(1);
    releaseFocus();
  });

  it('holdFocusWhen waits until the change has settled, and can be released while it waits', () => {
    vi.useFakeTimers();
    let settled = false;
    const place = vi.fn();
    holdFocusWhen(() => settled, place);
    vi.advanceTimersByTime(300);
    expect(place).not.toHaveBeenCalled();
    settled = true;
    vi.advanceTimersByTime(60);
    expect(place).toHaveBeenCalledTimes(1);
    releaseFocus();

    const never = vi.fn();
    holdFocusWhen(() => true, never);
    releaseFocus();
    vi.advanceTimersByTime(500);
    expect(never).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
