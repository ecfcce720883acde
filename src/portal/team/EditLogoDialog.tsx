import { useTranslate } from 'ra-core';
import { LazyImageCropDialog } from '../../components/LazyImageCropDialog';
import { announce } from '../../components/LiveRegion';
import { portalDataProvider as dataProvider } from '../portalData';
import { teamChanged } from './queries';
import type { Team } from './types';

export interface EditLogoDialogProps {
  open: boolean;
  team: Team;
  onClose: () => void;
}

/** Pick, crop 1:1 and upload the team's logo (POST /api/teams/{id}/avatar, `_method=PUT`); a saved logo is announced. */
export function EditLogoDialog({ open, team, onClose }: EditLogoDialogProps) {
  const translate = useTranslate();

  const upload = async (blob: Blob) => {
    const { data } = await dataProvider.uploadImage<Team>({ path: `teams/${team.id}`, field: 'avatar', blob });
    await teamChanged(team.id, data);
    announce(translate('app.team.logo_saved'));
  };

  return (
    <LazyImageCropDialog
      open={open}
      aspect={1}
      title={translate('app.team.edit_logo')}
      submitLabel={translate('app.team.logo_submit')}
      onClose={onClose}
      onUpload={upload}
      maxPreview={512}
    />
  );
}
