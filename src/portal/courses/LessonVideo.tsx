import { memo, useState, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import PipIcon from '@mui/icons-material/PictureInPictureAltOutlined';
import ReactPlayer from 'react-player';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import type { MediaLike } from './playback';
import { useVideoStart } from './useVideoStart';

export interface LessonVideoProps {
  src: string;
  name: string;
  /** Where to start, in seconds (the saved position of a lesson not completed yet). */
  position: number | null;
  /** Receives the media element once it exists (never reset to null: the last sync still reads it). */
  onMedia: (media: MediaLike) => void;
  onPlayingChange: (playing: boolean) => void;
}

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
  const pipAvailable = typeof document !== 'undefined' && document.pictureInPictureEnabled === true && ReactPlayer.canEnablePIP?.(src) === true;

  return (
    <Stack spacing={1.5}>
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 2, overflow: 'hidden' }}>
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
          aria-label={translate('app.courses.player.video_label', { name })}
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
        />
        {start === 'blocked' && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(0,0,0,0.45)' }}>
            <Button size="xl" startIcon={<PlayIcon />} onClick={playByHand}>
              {translate('app.courses.player.start')}
            </Button>
          </Box>
        )}
      </Box>
      {failed && <Alert severity="error">{translate('app.courses.player.video_error')}</Alert>}
      {start === 'blocked' && <Alert severity="info">{translate('app.courses.player.autoplay_blocked')}</Alert>}
      {start === 'muted' && muted && (
        <Alert
          severity="info"
          action={
            <Button size="sm" color="outlinePrimary" onClick={() => setMuted(false)}>
              {translate('app.courses.player.unmute')}
            </Button>
          }
        >
          {translate('app.courses.player.muted')}
        </Alert>
      )}
      {pipAvailable && (
        <Box>
          <Button size="sm" color="outlineGray" startIcon={<PipIcon />} onClick={() => setPip((current) => !current)}>
            {translate(pip ? 'app.courses.player.pip_exit' : 'app.courses.player.pip')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

export default memo(LessonVideo);
