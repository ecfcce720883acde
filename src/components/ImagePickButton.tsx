import { useRef, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { decodesAsImage, imageFileProblem, readAsDataUrl } from './cropImage';

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
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onProblem(translate(problem));
      return;
    }
    let src: string;
    try {
      src = await readAsDataUrl(file);
    } catch {
      onProblem(translate('app.image.unreadable'));
      return;
    }
    if (await decodesAsImage(src)) onPicked({ src, type: file.type });
    else onProblem(translate('app.image.damaged'));
  };
  const openChooser = () => inputRef.current?.click();
  // A real button (Enter and Space alike) that opens the hidden file input's chooser. Enter opens
  // it on keydown: Chromium may refuse a chooser from the click a button derives from Enter,
  // while a key press itself always counts as the person's own action.
  return (
    <Box>
      <Button
        variant="outlined"
        disabled={disabled}
        onClick={openChooser}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          openChooser();
        }}
      >
        {translate(hasImage ? 'app.image.pick_another' : 'app.image.pick')}
      </Button>
      <input ref={inputRef} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={pick} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {translate('app.image.hint')}
      </Typography>
    </Box>
  );
}
