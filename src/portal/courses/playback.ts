/** What the player needs from a media element (a <video>, or react-player's YouTube/Vimeo elements). */
export interface MediaLike {
  currentTime: number;
  duration: number;
  playbackRate: number;
  muted: boolean;
  paused: boolean;
  play(): Promise<void> | void;
}

/** The playback position is reported every 3000 ms while the video plays. */
export const SYNC_INTERVAL_MS = 3000;

/**
 * Where the video is, in seconds (`position`: the name the database gives the resume point, which
 * the lesson API returns as `progress` and the sync body sends as `duration`), the video's length
 * and the playback rate.
 */
export interface PlaybackSnapshot {
  position: number;
  length?: number;
  rate?: number;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export function snapshotOf(media: MediaLike | null | undefined): PlaybackSnapshot | null {
  if (!media || !Number.isFinite(media.currentTime)) return null;
  const snapshot: PlaybackSnapshot = { position: twoDecimals(Math.max(0, media.currentTime)) };
  if (Number.isFinite(media.duration) && media.duration > 0) snapshot.length = twoDecimals(media.duration);
  if (Number.isFinite(media.playbackRate) && media.playbackRate > 0) snapshot.rate = media.playbackRate;
  return snapshot;
}

export type StartResult = 'playing' | 'muted' | 'blocked';

/**
 * Starts playback as the browser allows: with sound, else muted (browsers allow muted autoplay),
 * else not at all — the caller then shows a play button.
 */
export async function startPlayback(media: MediaLike): Promise<StartResult> {
  try {
    await media.play();
    return 'playing';
  } catch {
    // Refused autoplay (NotAllowedError): try again without sound.
  }
  try {
    media.muted = true;
    await media.play();
    return 'muted';
  } catch {
    return 'blocked';
  }
}

/** Seeks to `position` the first time it is called for a player, never again: a reload of the lesson must not move the video. */
export function createSeekOnce() {
  let done = false;
  return (media: MediaLike, position: number | null) => {
    if (done) return false;
    done = true;
    if (position === null || position <= 0) return false;
    const end = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : Infinity;
    // At the very end the video would finish at once: start a little before instead.
    media.currentTime = Math.min(position, Math.max(0, end - 1));
    return true;
  };
}
