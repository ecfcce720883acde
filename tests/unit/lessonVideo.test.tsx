import { forwardRef } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoStart } from '../../src/portal/courses/useVideoStart';
import LessonVideo, { VIDEO_LOAD_TIMEOUT_MS } from '../../src/portal/courses/LessonVideo';
import { renderWithApp } from './renderWithApp';

const start = vi.hoisted(() => ({
  current: 'waiting' as VideoStart,
  muted: false,
  setMuted: vi.fn(),
  playByHand: vi.fn(),
}));

vi.mock('react-player', () => ({
  default: Object.assign(
    forwardRef<HTMLVideoElement, { 'aria-label'?: string; onLoadedMetadata?: () => void }>(
      function FakePlayer(props, ref) {
        return <video ref={ref} aria-label={props['aria-label']} onLoadedMetadata={props.onLoadedMetadata} />;
      },
    ),
    { canEnablePIP: () => true },
  ),
}));
vi.mock('../../src/portal/courses/useVideoStart', () => ({
  useVideoStart: () => ({
    ref: () => {},
    start: start.current,
    muted: start.muted,
    setMuted: start.setMuted,
    playByHand: start.playByHand,
  }),
}));

function renderVideo() {
  renderWithApp(
    <LessonVideo
      src="/storage/videos/lezione.mp4"
      name="Benvenuti"
      position={null}
      onMedia={() => {}}
      onPlayingChange={() => {}}
    />,
  );
  // The 16:9 frame around the video: what sits inside it cannot push the page below.
  return screen.getByLabelText(/Benvenuti/).parentElement!;
}

describe('the lesson video', () => {
  beforeEach(() => {
    Object.defineProperty(document, 'pictureInPictureEnabled', { value: true, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'pictureInPictureEnabled');
    vi.clearAllMocks();
  });

  it('offers picture-in-picture on the video itself, as a toggle', () => {
    start.current = 'playing';
    const frame = renderVideo();
    const toggle = screen.getByRole('button', { name: 'Picture-in-picture' });
    expect(frame).toContainElement(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Esci da picture-in-picture' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('started without sound: says so and offers the sound on the video', () => {
    start.current = 'muted';
    start.muted = true;
    const frame = renderVideo();
    expect(screen.getByRole('status')).toHaveTextContent('Il video è partito senza audio');
    const unmute = screen.getByRole('button', { name: "Attiva l'audio" });
    expect(frame).toContainElement(unmute);
    unmute.focus();
    fireEvent.click(unmute);
    expect(start.setMuted).toHaveBeenCalledWith(false);
    // The button goes: the keyboard focus moves onto the video, not back to the page.
    expect(frame.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(unmute);
  });

  it('not started by the browser: the start button and why, on the video', () => {
    start.current = 'blocked';
    start.muted = false;
    const frame = renderVideo();
    const play = screen.getByRole('button', { name: 'Avvia la lezione' });
    expect(frame).toContainElement(play);
    expect(frame).toContainElement(screen.getByText(/Il browser non ha avviato il video da solo/));
    play.focus();
    fireEvent.click(play);
    expect(start.playByHand).toHaveBeenCalled();
    expect(frame.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(play);
  });

  describe('a video that never loads (a host the network blocks)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const NOT_LOADING = /Il video non si sta caricando/;

    it('is said under the video once it has had time to load', () => {
      start.current = 'waiting';
      renderVideo();
      act(() => vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS - 1));
      expect(screen.queryByText(NOT_LOADING)).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText(NOT_LOADING)).toBeInTheDocument();
    });

    it('is not said of a video whose length is known', () => {
      start.current = 'waiting';
      renderVideo();
      fireEvent(screen.getByLabelText(/Benvenuti/), new Event('loadedmetadata'));
      act(() => vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS));
      expect(screen.queryByText(NOT_LOADING)).toBeNull();
    });
  });
});
