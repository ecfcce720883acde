import { useCallback, useRef, useState } from 'react';
import { createSeekOnce, startPlayback, type MediaLike } from './playback';

/** How the video got going: not yet, by itself, muted (the browser refused sound), or not at all. */
export type VideoStart = 'waiting' | 'playing' | 'muted' | 'blocked';

/** HTMLMediaElement.HAVE_METADATA: duration and dimensions are known. */
const HAVE_METADATA = 1;

/**
 * The lesson video's start: once its metadata is known, seek once to `position`, then play as the
 * browser allows (with sound, else muted, else not: then `playByHand` is for the play button).
 * `ref` goes on the player; `muted` is what the player should be.
 */
export function useVideoStart(
  position: number | null,
  onMedia: (media: MediaLike) => void,
  onPlayingChange: (playing: boolean) => void,
) {
  const media = useRef<HTMLVideoElement | null>(null);
  const seekOnce = useRef(createSeekOnce());
  const started = useRef(false);
  const [start, setStart] = useState<VideoStart>('waiting');
  const [muted, setMuted] = useState(false);

  const handleReady = useCallback(
    (element: HTMLVideoElement) => {
      seekOnce.current(element, position);
      if (started.current) return;
      started.current = true;
      void startPlayback(element).then((result) => {
        setStart(result);
        if (result === 'muted') setMuted(true);
        onPlayingChange(!element.paused);
      });
    },
    [position, onPlayingChange],
  );

  /*
   * Readiness is read from the element itself, not from React's onLoadedMetadata: a cached video
   * can report its metadata before React has committed the element, and React drops that event.
   */
  const ref = useCallback(
    (element: HTMLVideoElement | null) => {
      if (!element) return;
      media.current = element;
      onMedia(element);
      if (element.readyState >= HAVE_METADATA) handleReady(element);
      else element.addEventListener('loadedmetadata', () => handleReady(element), { once: true });
    },
    [onMedia, handleReady],
  );

  const playByHand = () => {
    const element = media.current;
    if (!element) return;
    setMuted(false);
    element.muted = false;
    void Promise.resolve(element.play()).then(
      () => setStart('playing'),
      () => undefined,
    );
  };

  return { ref, start, muted, setMuted, playByHand };
}
