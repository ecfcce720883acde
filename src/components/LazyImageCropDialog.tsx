import { lazyDialog } from './lazyDialog';
import type { ImageCropDialogProps } from './ImageCropDialog';

/**
 * The crop dialog, fetched the first time it opens: react-easy-crop stays out of the pages' first
 * render. Same props as ImageCropDialog.
 */
export const LazyImageCropDialog = lazyDialog<ImageCropDialogProps>(() => import('./ImageCropDialog'));

export type { ImageCropDialogProps };
