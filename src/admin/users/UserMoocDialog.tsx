import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useGetIdentity, useTranslate } from 'react-admin';
import type { AdminUser } from '../../../server/src/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { SubmitDialog } from '../common/SubmitDialog';
import { useDraftWhileOpen } from '../common/useDraftWhileOpen';
import { fullName } from '../common/text';

/**
 * "Modifica": the video course access switch, saved with PUT /api/users/{id}/mooc. Nobody changes
 * their own (the server refuses it): on one's own account the switch is disabled and says why.
 */
export function UserMoocDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { draft: moocAccess, setDraft: setMoocAccess } = useDraftWhileOpen(open, user.mooc_access);
  const { identity } = useGetIdentity();
  const isSelf = identity !== undefined && identity.id === user.id;
  return (
    <SubmitDialog
      open={open}
      onClose={onClose}
      title={translate('resources.users.page.edit_title', { name: fullName(user) })}
      onSubmit={() => dataProvider.setUserMooc(user.id, moocAccess)}
    >
      <FormControlLabel
        control={
          <Switch
            checked={moocAccess}
            onChange={(event) => setMoocAccess(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': isSelf ? 'own-mooc-note' : undefined } }}
          />
        }
        label={translate('resources.users.fields.mooc_access')}
        disabled={isSelf}
      />
      {isSelf && <FormHelperText id="own-mooc-note">{translate('resources.users.page.own_mooc')}</FormHelperText>}
    </SubmitDialog>
  );
}
