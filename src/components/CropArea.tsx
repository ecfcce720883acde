import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Box, Slider } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { PixelArea } from '../lib/cropImage';

const CROP_AREA_HEIGHT = 300;

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
  return (
    <>
      <Box sx={{ position: 'relative', height: CROP_AREA_HEIGHT, bgcolor: 'grey.900', borderRadius: 1 }}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
          mediaProps={{ alt: translate('app.image.crop_area') }}
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
