import { useCallback, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import type { PixelArea } from './cropImage';

const CROP_AREA_HEIGHT = 300;
/** Pixels the crop frame moves per arrow key (react-easy-crop's default is 1). */
export const CROP_KEYBOARD_STEP = 10;

export interface CropAreaProps {
  src: string;
  /** Width / height of the crop. */
  aspect: number;
  /** The crop, in the image's own pixels, each time the user stops moving it. */
  onArea: (area: PixelArea) => void;
}

/** The image to crop, with its zoom slider; starts centred at zoom 1 for each new image (remount it). */
export function CropArea({ src, aspect, onArea }: CropAreaProps) {
  const translate = useTranslate();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const onCropComplete = useCallback((_: Area, pixels: Area) => onArea(pixels), [onArea]);
  const instructionsId = useId();
  return (
    <>
      <Typography id={instructionsId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.a11y.crop.instructions')}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          height: CROP_AREA_HEIGHT,
          bgcolor: 'grey.900',
          borderRadius: 1,
          // On the dark backdrop the focus ring is white; the dimming around the frame stays.
          '& .reactEasyCrop_CropArea:focus-visible': {
            outline: '3px solid #ffffff',
            outlineOffset: 0,
            boxShadow: '0 0 0 9999em rgba(0, 0, 0, 0.5)',
          },
        }}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
          mediaProps={{ alt: translate('app.image.crop_area') }}
          // The focusable crop frame: named, explained, and moved 10 px per arrow key (2 px with Shift).
          cropperProps={{
            role: 'group',
            'aria-roledescription': translate('app.a11y.crop.role'),
            'aria-label': translate('app.a11y.crop.area'),
            'aria-describedby': instructionsId,
          }}
          keyboardStep={CROP_KEYBOARD_STEP}
        />
      </Box>
      <Slider
        sx={{ mx: 1, width: 'auto' }}
        aria-label={translate('app.image.zoom')}
        value={zoom}
        min={1}
        max={3}
        step={0.05}
        onChange={(_, value) => setZoom(value as number)}
      />
    </>
  );
}
