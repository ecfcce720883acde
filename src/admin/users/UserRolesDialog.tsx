import { useEffect, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import type { AdminUser } from '../../../server/src/schemas/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { ListSpinner } from '../common/ResourceTable';
import { SubmitDialog } from '../common/SubmitDialog';
import { fullName } from '../common/text';

/** "Permessi": the user's roles as checkboxes, saved with PUT /api/users/{id}/roles. */
export function UserRolesDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data: roles, isPending } = useGetList(
    'roles',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const [selected, setSelected] = useState<Identifier[]>([]);
  useEffect(() => {
    if (open) setSelected(user.roles.map((role) => role.id));
  }, [open, user.roles]);

  const toggle = (id: Identifier) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <SubmitDialog
      open={open}
      onClose={onClose}
      title={translate('resources.users.page.permissions_title', { name: fullName(user) })}
      onSubmit={() => dataProvider.setUserRoles(user.id, selected)}
      disabled={isPending}
    >
      {isPending ? (
        <ListSpinner />
      ) : (
        <FormGroup aria-label={translate('resources.users.fields.roles')}>
          {(roles ?? []).map((role) => (
            <FormControlLabel
              key={role.id}
              control={<Checkbox checked={selected.includes(role.id)} onChange={() => toggle(role.id)} />}
              label={String(role.name)}
            />
          ))}
        </FormGroup>
      )}
    </SubmitDialog>
  );
}
