import { lazy, Suspense, useEffect, useState } from 'react';
import type { ImageCropDialogProps } from './ImageCropDialog';

const ImageCropDialog = lazy(() => import('./ImageCropDialog'));

/**
 * The crop dialog, fetched the first time it opens: react-easy-crop stays out of the pages' first
 * render. Same props as ImageCropDialog.
 */
export function LazyImageCropDialog(props: ImageCropDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <ImageCropDialog {...props} />
    </Suspense>
  );
}

export type { ImageCropDialogProps };
