import type { ChangeEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { imageFileProblem, readAsDataUrl } from '../lib/cropImage';

export interface PickedImage {
  src: string;
  type: string;
}

export interface ImagePickButtonProps {
  /** An image was picked before: the button offers another one. */
  hasImage: boolean;
  disabled: boolean;
  onPicked: (image: PickedImage) => void;
  /** The Italian reason the chosen file cannot be used. */
  onProblem: (text: string) => void;
}

/** "Scegli un'immagine": a file input that accepts JPG, PNG or WebP up to 5 MB and reads it. */
export function ImagePickButton({ hasImage, disabled, onPicked, onProblem }: ImagePickButtonProps) {
  const translate = useTranslate();
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onProblem(translate(problem));
      return;
    }
    try {
      onPicked({ src: await readAsDataUrl(file), type: file.type });
    } catch {
      onProblem(translate('app.image.unreadable'));
    }
  };
  return (
    <Box>
      <Button variant="outlined" component="label" disabled={disabled}>
        {translate(hasImage ? 'app.image.pick_another' : 'app.image.pick')}
        <input type="file" accept="image/*" hidden onChange={pick} />
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {translate('app.image.hint')}
      </Typography>
    </Box>
  );
}
