import { memo, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import PipIcon from '@mui/icons-material/PictureInPictureAltOutlined';
import MutedIcon from '@mui/icons-material/VolumeOff';
import ReactPlayer from 'react-player';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import { IconButton } from '../../components/IconButton';
import type { MediaLike } from './playback';
import { useVideoStart } from './useVideoStart';
import { titleEmbeddedFrames } from './frameTitle';
import { Notice } from '../../components/Notice';
import { insetFocusRing } from '../../theme';

export interface LessonVideoProps {
  src: string;
  name: string;
  /** Where to start, in seconds (the saved position of a lesson not completed yet). */
  position: number | null;
  /** Receives the media element once it exists (never reset to null: the last sync still reads it). */
  onMedia: (media: MediaLike) => void;
  onPlayingChange: (playing: boolean) => void;
}

const OVERLAY = { position: 'absolute', zIndex: 1 } as const;

/**
 * The 16:9 frame of the video. It clips its corners, and with them a focus ring drawn outside the
 * video: the ring of the focused video (or frame) is drawn inside instead.
 */
const videoFrame = {
  position: 'relative',
  aspectRatio: '16 / 9',
  bgcolor: '#000',
  borderRadius: 2,
  overflow: 'hidden',
  '&:focus-visible, & video:focus-visible': insetFocusRing,
} as const;

/**
 * How long a video may take to make its length known before the page says it is not loading: a
 * video host the network blocks (or a connection gone) fails without any error from the player.
 */
export const VIDEO_LOAD_TIMEOUT_MS = 20_000;

const mediaOf = (event: SyntheticEvent) => event.currentTarget as unknown as HTMLVideoElement;

/**
 * The lesson's video (react-player: files, YouTube, Vimeo) with native controls and
 * picture-in-picture. It starts by itself; when the browser refuses autoplay it starts muted, or
 * shows a play button. Only the player page loads this module (react-player stays out of the rest).
 */
function LessonVideo({ src, name, position, onMedia, onPlayingChange }: LessonVideoProps) {
  const translate = useTranslate();
  const { ref, start, muted, setMuted, playByHand } = useVideoStart(position, onMedia, onPlayingChange);
  // react-player writes volume and rate on every render: keep them as the user set them.
  const [volume, setVolume] = useState(1);
  const [rate, setRate] = useState(1);
  const [pip, setPip] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setLoaded(false);
    setSlow(false);
    const timer = setTimeout(() => setSlow(true), VIDEO_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src]);
  const label = translate('app.courses.player.video_label', { name });
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => (frame.current ? titleEmbeddedFrames(frame.current, label) : undefined), [label]);
  // The start and sound buttons go once pressed: the keyboard focus moves onto the video (its own
  // controls; the frame for a hosted player) rather than falling back to the page.
  const focusVideo = () => {
    const video = frame.current?.querySelector('video');
    video?.focus();
    if (document.activeElement !== video) frame.current?.focus();
  };
  const pipAvailable =
    typeof document !== 'undefined' &&
    document.pictureInPictureEnabled === true &&
    ReactPlayer.canEnablePIP?.(src) === true;

  return (
    <Stack spacing={1.5}>
      {/* What the start and picture-in-picture add sits on the video: the page below never moves. */}
      <Box ref={frame} tabIndex={-1} sx={videoFrame}>
        <ReactPlayer
          ref={ref}
          src={src}
          width="100%"
          height="100%"
          controls
          playsInline
          pip={pip}
          muted={muted}
          volume={volume}
          playbackRate={rate}
          aria-label={label}
          onPlay={() => {
            setFailed(false);
            onPlayingChange(true);
          }}
          onPause={() => onPlayingChange(false)}
          onEnded={() => onPlayingChange(false)}
          onVolumeChange={(event) => {
            setVolume(mediaOf(event).volume);
            setMuted(mediaOf(event).muted);
          }}
          onRateChange={(event) => setRate(mediaOf(event).playbackRate)}
          onEnterPictureInPicture={() => setPip(true)}
          onLeavePictureInPicture={() => setPip(false)}
          onError={() => setFailed(true)}
          onLoadedMetadata={() => setLoaded(true)}
        />
        {start === 'blocked' && (
          <Stack
            spacing={1.5}
            sx={{
              ...OVERLAY,
              inset: 0,
              justifyContent: 'center',
              alignItems: 'center',
              p: 2,
              bgcolor: 'rgba(0,0,0,0.6)',
            }}
          >
            <Button
              size="xl"
              startIcon={<PlayIcon />}
              onClick={() => {
                playByHand();
                focusVideo();
              }}
            >
              {translate('app.courses.player.start')}
            </Button>
            <Typography role="status" variant="body2" sx={{ color: '#fff', textAlign: 'center' }}>
              {translate('app.courses.player.autoplay_blocked')}
            </Typography>
          </Stack>
        )}
        {start === 'muted' && muted && (
          <Box sx={{ ...OVERLAY, top: 8, left: 8 }}>
            <span role="status" style={visuallyHidden as object}>
              {translate('app.courses.player.muted')}
            </span>
            <Button
              size="sm"
              color="primary"
              startIcon={<MutedIcon />}
              onClick={() => {
                setMuted(false);
                focusVideo();
              }}
            >
              {translate('app.courses.player.unmute')}
            </Button>
          </Box>
        )}
        {pipAvailable && (
          <IconButton
            aria-label={translate(pip ? 'app.courses.player.pip_exit' : 'app.courses.player.pip')}
            aria-pressed={pip}
            onClick={() => setPip((current) => !current)}
            sx={{
              ...OVERLAY,
              top: 8,
              right: 8,
              color: '#fff',
              bgcolor: 'rgba(0,0,0,0.55)',
              '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
            }}
          >
            <PipIcon />
          </IconButton>
        )}
      </Box>
      {failed ? (
        <Notice severity="error">{translate('app.courses.player.video_error')}</Notice>
      ) : (
        slow && !loaded && <Notice severity="error">{translate('app.courses.player.video_not_loading')}</Notice>
      )}
    </Stack>
  );
}

export default memo(LessonVideo);
