import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSeekOnce,
  snapshotOf,
  startPlayback,
  SYNC_INTERVAL_MS,
  type MediaLike,
} from '../../src/portal/courses/playback';
import { useLessonSync } from '../../src/portal/courses/useLessonSync';

function fakeMedia(overrides: Partial<MediaLike> = {}): MediaLike {
  return {
    currentTime: 0,
    duration: 22,
    playbackRate: 1,
    muted: false,
    paused: true,
    play: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('sync scheduling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(media: MediaLike, playing: boolean) {
    const send = vi.fn();
    const hook = renderHook(
      (props: { playing: boolean }) => useLessonSync({ getMedia: () => media, playing: props.playing, send }),
      {
        initialProps: { playing },
      },
    );
    return { send, ...hook };
  }

  it('reports where playback starts, then every 3000 ms while playing, with position, length and rate', () => {
    const media = fakeMedia({ currentTime: 9, playbackRate: 1.5 });
    const { send } = setup(media, true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith({ position: 9, length: 22, rate: 1.5 }, { keepalive: false });
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS - 1));
    expect(send).toHaveBeenCalledTimes(1);
    media.currentTime = 12;
    act(() => vi.advanceTimersByTime(1));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ position: 12, length: 22, rate: 1.5 }, { keepalive: false });
    media.currentTime = 16.5;
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS));
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ position: 16.5, length: 22, rate: 1.5 }, { keepalive: false });
  });

  it('sends nothing while paused', () => {
    const media = fakeMedia({ currentTime: 5 });
    const { send } = setup(media, false);
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS * 5));
    expect(send).not.toHaveBeenCalled();
  });

  it('reports where playback stopped once, then nothing until it plays again', () => {
    const media = fakeMedia({ currentTime: 3 });
    const { send, rerender } = setup(media, true);
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS));
    expect(send).toHaveBeenCalledTimes(1);
    media.currentTime = 4.2;
    rerender({ playing: false });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ position: 4.2, length: 22, rate: 1 }, { keepalive: false });
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS * 4));
    expect(send).toHaveBeenCalledTimes(2);
    // Playing again reports the same position once more: the server starts a new playback session there.
    rerender({ playing: true });
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ position: 4.2, length: 22, rate: 1 }, { keepalive: false });
    media.currentTime = 7.2;
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS));
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('sends a keepalive sync on pagehide and when the page is hidden', () => {
    const media = fakeMedia({ currentTime: 10 });
    const { send } = setup(media, false);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(send).toHaveBeenCalledWith({ position: 10, length: 22, rate: 1 }, { keepalive: true });

    media.currentTime = 11;
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ position: 11, length: 22, rate: 1 }, { keepalive: true });
  });

  it('sends a keepalive sync when the player is left (unmount), not a second one after it', () => {
    const media = fakeMedia({ currentTime: 6 });
    const { send, unmount } = setup(media, true);
    expect(send).toHaveBeenCalledTimes(1);
    media.currentTime = 7.5;
    unmount();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenCalledWith({ position: 7.5, length: 22, rate: 1 }, { keepalive: true });
    act(() => vi.advanceTimersByTime(SYNC_INTERVAL_MS * 3));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not report a video that was never played', () => {
    const { send, unmount } = setup(fakeMedia({ currentTime: 0 }), false);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    unmount();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('playback helpers', () => {
  it('seeks once to the saved progress, never again', () => {
    const seek = createSeekOnce();
    const media = fakeMedia({ currentTime: 0 });
    expect(seek(media, 9)).toBe(true);
    expect(media.currentTime).toBe(9);
    media.currentTime = 15;
    expect(seek(media, 9)).toBe(false);
    expect(media.currentTime).toBe(15);
  });

  it('does not seek without a saved position', () => {
    const seek = createSeekOnce();
    const media = fakeMedia({ currentTime: 0 });
    expect(seek(media, null)).toBe(false);
    expect(media.currentTime).toBe(0);
  });

  it('leaves the snapshot without a length while the duration is unknown', () => {
    expect(snapshotOf(fakeMedia({ currentTime: 3.14159, duration: Number.NaN }))).toEqual({ position: 3.14, rate: 1 });
    expect(snapshotOf(null)).toBeNull();
  });

  it('starts muted when autoplay with sound is refused', async () => {
    const refused = Object.assign(new Error('play() failed'), { name: 'NotAllowedError' });
    const media = fakeMedia({ play: vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce(undefined) });
    await expect(startPlayback(media)).resolves.toBe('muted');
    expect(media.muted).toBe(true);
  });

  it('reports a blocked start when even muted autoplay is refused', async () => {
    const media = fakeMedia({ play: vi.fn().mockRejectedValue(new Error('NotAllowedError')) });
    await expect(startPlayback(media)).resolves.toBe('blocked');
  });

  it('plays with sound when the browser allows it', async () => {
    const media = fakeMedia();
    await expect(startPlayback(media)).resolves.toBe('playing');
    expect(media.muted).toBe(false);
  });
});
