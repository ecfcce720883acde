import { useCallback, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { apiErrorText } from '../dataProvider/apiError';
import { cropToBlob, type PixelArea } from './cropImage';
import { CropArea } from './CropArea';
import { ImagePickButton, type PickedImage } from './ImagePickButton';
import { useCropPreview } from './useCropPreview';
import './texts';

export interface ImageCropDialogProps {
  open: boolean;
  /** Width / height of the crop: 1 for a team logo, 16 / 9 for a cover. */
  aspect: number;
  title: string;
  submitLabel: string;
  onClose: () => void;
  /** Sends the cropped image; a rejection keeps the dialog open and shows the error above the crop area. */
  onUpload: (blob: Blob) => Promise<void>;
  /** Largest side, in px, of the preview of the cropped image. */
  maxPreview?: number;
  /** Largest side, in px, of the uploaded image. */
  maxOutput?: number;
}

/**
 * Pick an image, crop it to `aspect`, preview and upload it. Heavy (react-easy-crop): load it with
 * `React.lazy` from the page that opens it, never on a page's first render.
 */
export default function ImageCropDialog({
  open,
  aspect,
  title,
  submitLabel,
  onClose,
  onUpload,
  maxPreview = 512,
  maxOutput = 1600,
}: ImageCropDialogProps) {
  const titleId = useId();
  const translate = useTranslate();
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = useCropPreview(picked, area, maxPreview);

  useEffect(() => {
    if (open) return;
    setPicked(null);
    setArea(null);
    setError(null);
    setSaving(false);
  }, [open]);

  const onPicked = useCallback((image: PickedImage) => {
    setError(null);
    setArea(null);
    setPicked(image);
  }, []);

  const submit = async () => {
    if (!picked || !area) return;
    setSaving(true);
    setError(null);
    let blob: Blob;
    try {
      blob = await cropToBlob(picked.src, area, maxOutput, picked.type);
    } catch {
      // The browser could not draw the picked image (the server was never asked).
      setError(translate('app.image.damaged'));
      setSaving(false);
      return;
    }
    try {
      await onUpload(blob);
      onClose();
    } catch (failure) {
      setError(apiErrorText(failure, translate('app.image.upload_error')));
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <ImagePickButton hasImage={picked !== null} disabled={saving} onPicked={onPicked} onProblem={setError} />
          {error && (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          )}
          {picked && <CropArea key={picked.src} src={picked.src} aspect={aspect} onArea={setArea} />}
          {preview && (
            <Box>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate('app.image.preview')}
              </Typography>
              <Box
                component="img"
                src={preview}
                alt={translate('app.image.preview_alt')}
                sx={{
                  display: 'block',
                  maxWidth: `min(100%, ${maxPreview}px)`,
                  maxHeight: Math.min(maxPreview, 200),
                  borderRadius: 1,
                }}
              />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} color="inherit">
          {translate('app.image.cancel')}
        </Button>
        {/*
          While saving the button stays focusable (aria-disabled, a spinner), so focus never drops to
          the page: MUI's dialog would then give it back to another control than the one that opened it.
        */}
        <Button
          variant="contained"
          onClick={saving ? undefined : submit}
          disabled={!picked || !area}
          aria-disabled={saving || undefined}
          aria-busy={saving || undefined}
          startIcon={saving ? <CircularProgress size="1em" color="inherit" aria-hidden="true" /> : undefined}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
