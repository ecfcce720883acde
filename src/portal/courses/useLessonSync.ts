import { useEffect, useRef } from 'react';
import { snapshotOf, SYNC_INTERVAL_MS, type MediaLike, type PlaybackSnapshot } from './playback';

export type SendSync = (snapshot: PlaybackSnapshot, options: { keepalive: boolean }) => void;

export interface LessonSyncOptions {
  /** The media element (kept after unmount, so the last position can still be read). */
  getMedia: () => MediaLike | null;
  /** True while the video plays (not paused, not ended). */
  playing: boolean;
  send: SendSync;
}

/**
 * Reports the playback position: once where playback starts (after a pause the server begins a new
 * playback session there, so the first seconds after it count), every 3000 ms while playing, once
 * where playback stops (pause or end), none while paused; and once more, with fetch keepalive, when
 * the page is hidden or left
 * (visibilitychange, pagehide, unmount), so the resume position survives closing the tab.
 */
export function useLessonSync({ getMedia, playing, send }: LessonSyncOptions) {
  const sendRef = useRef(send);
  const getMediaRef = useRef(getMedia);
  const lastSent = useRef<number | null>(null);

  useEffect(() => {
    sendRef.current = send;
    getMediaRef.current = getMedia;
  });

  /** One report, unless this very position was the last one sent (`force`: even then). */
  const report = useRef((keepalive: boolean, force = false) => {
    const snapshot = snapshotOf(getMediaRef.current());
    if (!snapshot || snapshot.position === 0 || (!force && snapshot.position === lastSent.current)) return;
    lastSent.current = snapshot.position;
    sendRef.current(snapshot, { keepalive });
  }).current;

  // Declared first so that, on unmount, its keepalive report runs before the interval's cleanup.
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') report(true);
    };
    const onPageHide = () => report(true);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      report(true);
    };
  }, [report]);

  useEffect(() => {
    if (!playing) return;
    report(false, true);
    const timer = setInterval(() => report(false), SYNC_INTERVAL_MS);
    // Pausing or reaching the end: report where playback stopped (the last seconds count too).
    return () => {
      clearInterval(timer);
      report(false);
    };
  }, [playing, report]);
}
