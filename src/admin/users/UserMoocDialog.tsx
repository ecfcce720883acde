import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslate } from 'react-admin';
import type { AdminUser } from '../../../server/src/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { SubmitDialog } from '../common/SubmitDialog';
import { useDraftWhileOpen } from '../common/useDraftWhileOpen';
import { fullName } from '../common/text';

/** "Modifica": the video course access switch, saved with PUT /api/users/{id}/mooc. */
export function UserMoocDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { draft: moocAccess, setDraft: setMoocAccess } = useDraftWhileOpen(open, user.mooc_access);
  return (
    <SubmitDialog
      open={open}
      onClose={onClose}
      title={translate('resources.users.page.edit_title', { name: fullName(user) })}
      onSubmit={() => dataProvider.setUserMooc(user.id, moocAccess)}
    >
      <FormControlLabel
        control={<Switch checked={moocAccess} onChange={(event) => setMoocAccess(event.target.checked)} />}
        label={translate('resources.users.fields.mooc_access')}
      />
    </SubmitDialog>
  );
}
