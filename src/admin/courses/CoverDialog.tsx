import { useRefresh, useTranslate } from 'react-admin';
import { LazyImageCropDialog } from '../../components/LazyImageCropDialog';
import { useAppDataProvider } from '../common/useAppDataProvider';

/** Course and module covers are cropped 16:9. */
export const COVER_ASPECT = 16 / 9;

export interface CoverDialogProps {
  open: boolean;
  onClose: () => void;
  /** The record's path under /api: `courses/3` or `courses/3/modules/7`. */
  path: string;
  /** Translation key prefix of the resource's page texts (`resources.courses.page`). */
  texts: string;
  name: string;
}

/** Pick an image, crop it 16:9, "Aggiorna cover"; the server's errors.cover shows above the crop. */
export function CoverDialog({ open, onClose, path, texts, name }: CoverDialogProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  return (
    <LazyImageCropDialog
      open={open}
      aspect={COVER_ASPECT}
      title={translate(`${texts}.cover_title`, { name })}
      submitLabel={translate(`${texts}.cover_submit`)}
      onClose={onClose}
      onUpload={async (blob) => {
        await dataProvider.uploadImage({ path, field: 'cover', blob });
        refresh();
      }}
    />
  );
}
