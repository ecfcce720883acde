import { createRef, type SyntheticEvent } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import { describe, expect, it } from 'vitest';
import { TouchRippleOnDemand } from '../../src/components/TouchRippleOnDemand';
import { appTheme } from '../../src/theme';

/** A press as ButtonBase hands it to its ripple. */
const press = (x: number, y: number) => ({ type: 'mousedown', clientX: x, clientY: y }) as unknown as SyntheticEvent;

function mount() {
  const ref = createRef<TouchRippleActions>();
  const { container } = render(
    <ThemeProvider theme={appTheme()}>
      <button type="button" style={{ position: 'relative' }}>
        Salva
        <TouchRippleOnDemand ref={ref} />
      </button>
    </ThemeProvider>,
  );
  return { ref, container };
}

describe('TouchRippleOnDemand (what the build gives ButtonBase for its press ripple)', () => {
  it('replays a press made while the real ripple was downloading, so the first ripple still shows', async () => {
    const { ref, container } = mount();
    // ButtonBase calls the ripple as soon as it is mounted, before the real one has arrived.
    act(() => ref.current!.start(press(10, 10)));
    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-root')).not.toBeNull());
    await waitFor(() => expect(container.querySelectorAll('.MuiTouchRipple-ripple')).toHaveLength(1));
  });

  it('passes presses straight through once the real ripple is there, and ends them on release', async () => {
    const { ref, container } = mount();
    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-root')).not.toBeNull());
    act(() => ref.current!.start(press(5, 5)));
    expect(container.querySelectorAll('.MuiTouchRipple-ripple')).toHaveLength(1);
    act(() => ref.current!.stop(press(5, 5)));
    expect(container.querySelector('.MuiTouchRipple-rippleVisible')).not.toBeNull();
    expect(container.querySelector('.MuiTouchRipple-child.MuiTouchRipple-childLeaving')).not.toBeNull();
  });
});
