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
 * Reports the playback position: every 3000 ms while playing (none while paused), and once more,
 * with fetch keepalive, when the page is hidden or left (visibilitychange, pagehide, unmount), so
 * the resume position survives closing the tab.
 */
export function useLessonSync({ getMedia, playing, send }: LessonSyncOptions) {
  const sendRef = useRef(send);
  const getMediaRef = useRef(getMedia);
  const lastSent = useRef<number | null>(null);

  useEffect(() => {
    sendRef.current = send;
    getMediaRef.current = getMedia;
  });

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const snapshot = snapshotOf(getMediaRef.current());
      if (!snapshot) return;
      lastSent.current = snapshot.duration;
      sendRef.current(snapshot, { keepalive: false });
    }, SYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  useEffect(() => {
    const finalSync = () => {
      const snapshot = snapshotOf(getMediaRef.current());
      // Nothing watched yet, or this very position was just reported: nothing to add.
      if (!snapshot || snapshot.duration === 0 || snapshot.duration === lastSent.current) return;
      lastSent.current = snapshot.duration;
      sendRef.current(snapshot, { keepalive: true });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') finalSync();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', finalSync);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', finalSync);
      finalSync();
    };
  }, []);
}
