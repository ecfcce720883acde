import { useCallback, useEffect, useId, useState, type ChangeEvent } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Stack, Typography } from '@mui/material';
import {
  cropToBlob,
  imageFileProblem,
  readAsDataUrl,
  uploadErrorMessage,
  type PixelArea,
} from '../lib/cropImage';

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

interface Picked {
  src: string;
  type: string;
}

const CROP_AREA_HEIGHT = 300;

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
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = useCallback(() => {
    setPicked(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setPreview(null);
    setError(null);
    setSaving(false);
  }, []);

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  // The preview follows the crop once the user stops moving it.
  useEffect(() => {
    if (!picked || !area) return;
    let cancelled = false;
    let url: string | null = null;
    cropToBlob(picked.src, area, maxPreview, picked.type)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      })
      .catch(() => {
        if (!cancelled) setPreview(null);
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked, area, maxPreview]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const src = await readAsDataUrl(file);
      setError(null);
      setArea(null);
      setPreview(null);
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setPicked({ src, type: file.type });
    } catch {
      setError('Impossibile leggere il file selezionato.');
    }
  };

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const submit = async () => {
    if (!picked || !area) return;
    setSaving(true);
    setError(null);
    try {
      const blob = await cropToBlob(picked.src, area, maxOutput, picked.type);
      await onUpload(blob);
      onClose();
    } catch (failure) {
      setError(uploadErrorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box>
            <Button variant="outlined" component="label" disabled={saving}>
              {picked ? 'Scegli un\'altra immagine' : 'Scegli un\'immagine'}
              <input type="file" accept="image/*" hidden onChange={pick} />
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              Immagini JPG, PNG o WebP, al massimo 5MB.
            </Typography>
          </Box>
          {error && (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          )}
          {picked && (
            <Box sx={{ position: 'relative', height: CROP_AREA_HEIGHT, bgcolor: 'grey.900', borderRadius: 1 }}>
              <Cropper
                image={picked.src}
                crop={crop}
                zoom={zoom}
                aspect={aspect}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={onCropComplete}
                mediaProps={{ alt: 'Immagine da ritagliare' }}
              />
            </Box>
          )}
          {picked && (
            <Slider
              sx={{ mx: 1, width: 'auto' }}
              aria-label="Zoom"
              value={zoom}
              min={1}
              max={3}
              step={0.05}
              onChange={(_, value) => setZoom(value as number)}
            />
          )}
          {preview && (
            <Box>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                Anteprima
              </Typography>
              <Box
                component="img"
                src={preview}
                alt="Anteprima dell'immagine ritagliata"
                sx={{ display: 'block', maxWidth: `min(100%, ${maxPreview}px)`, maxHeight: Math.min(maxPreview, 200), borderRadius: 1 }}
              />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} color="inherit">
          Annulla
        </Button>
        <Button variant="contained" onClick={submit} disabled={!picked || !area} loading={saving}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
