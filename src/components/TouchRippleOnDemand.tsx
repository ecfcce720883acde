import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ComponentType, type RefAttributes } from 'react';
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';

/*
 * MUI's ButtonBase (under every button, link-like list item and icon button) draws its press
 * ripple with TouchRipple, which it mounts on the first press. The build gives ButtonBase this
 * component instead (see the swaps in vite.config.ts): the real TouchRipple's code (about 2 KiB
 * brotli, with its keyframes) then downloads on the first press anywhere in the app, not before the
 * first render of every page. The presses made while it downloads are replayed to it, so the first
 * ripple starts a few milliseconds late rather than never.
 */

type RealTouchRipple = ComponentType<TouchRippleProps & RefAttributes<TouchRippleActions>>;
type Call = { [M in keyof TouchRippleActions]: [M, Parameters<TouchRippleActions[M]>] }[keyof TouchRippleActions];

let loaded: RealTouchRipple | undefined;
let loading: Promise<RealTouchRipple> | undefined;

/** The real TouchRipple, downloaded once; a failed download is tried again on the next press. */
export function loadTouchRipple(): Promise<RealTouchRipple> {
  loading ??= import('@mui/material/ButtonBase/TouchRipple').then(
    (module) => (loaded = module.default as unknown as RealTouchRipple),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const TouchRippleOnDemand = forwardRef<TouchRippleActions, TouchRippleProps>(function TouchRippleOnDemand(props, ref) {
  const [Ripple, setRipple] = useState(() => loaded);
  const real = useRef<TouchRippleActions>(null);
  const pending = useRef<Call[]>([]);

  useImperativeHandle(ref, () => {
    const call = (entry: Call) => {
      if (!real.current) {
        pending.current.push(entry);
        return;
      }
      // Each method has its own parameters: the tuple's first item names which.
      (real.current[entry[0]] as (...args: unknown[]) => void)(...entry[1]);
    };
    return {
      start: (...args) => call(['start', args]),
      stop: (...args) => call(['stop', args]),
      pulsate: (...args) => call(['pulsate', args]),
    };
  }, []);

  useEffect(() => {
    if (Ripple) return;
    let current = true;
    loadTouchRipple().then(
      (component) => {
        if (current) setRipple(() => component);
      },
      () => {
        pending.current = [];
      },
    );
    return () => {
      current = false;
    };
  }, [Ripple]);

  // The real ripple is mounted by now (its ref is set before effects run): replay what waited.
  useEffect(() => {
    if (!Ripple || !real.current) return;
    const calls = pending.current.splice(0);
    for (const [method, args] of calls) (real.current[method] as (...a: unknown[]) => void)(...args);
  }, [Ripple]);

  return Ripple ? <Ripple ref={real} {...props} /> : null;
});

export default TouchRippleOnDemand;
