import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import { useGetIdentity, useGetList, usePermissions, useTranslate, type Identifier } from 'react-admin';
import type { AdminUser, RoleResource } from '../../../server/src/contract';
import { DEVELOPER } from '../../authProvider/canAccess';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { ListSpinner } from '../common/ResourceTable';
import { SubmitDialog } from '../common/SubmitDialog';
import { useDraftWhileOpen } from '../common/useDraftWhileOpen';
import { fullName } from '../common/text';
import { withSetChanges } from '../common/setChanges';

const grantsDeveloper = (role: RoleResource) => role.permissions.some((permission) => permission.name === DEVELOPER);

/**
 * "Permessi": the user's roles as checkboxes, saved with PUT /api/users/{id}/roles: the boxes
 * changed here, applied to the roles the user holds at that moment (common/setChanges.ts). A role
 * can be given or taken away only by someone who holds every permission in it (one holding
 * "developer" only by a developer), and nobody changes their own roles (the server refuses all of
 * these): those boxes are disabled, and the dialog says why.
 */
export function UserRolesDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { permissions } = usePermissions<string[]>();
  const isDeveloper = (permissions ?? []).includes(DEVELOPER);
  const beyondCaller = (role: RoleResource) =>
    !isDeveloper && role.permissions.some((permission) => !(permissions ?? []).includes(permission.name));
  const { data: roles, isPending } = useGetList<RoleResource>(
    'roles',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
      meta: { query: { includes: 'permissions' } },
    },
    { enabled: open },
  );
  const { identity } = useGetIdentity();
  const isSelf = identity !== undefined && identity.id === user.id;
  const {
    shown: heldIds,
    draft: selected,
    setDraft: setSelected,
  } = useDraftWhileOpen<Identifier[]>(
    open,
    user.roles.map((role) => role.id),
  );
  const lockedRoles = (roles ?? []).filter((role) => isSelf || beyondCaller(role));
  const notes = isSelf
    ? [translate('resources.users.page.own_roles')]
    : [
        !isDeveloper && (roles ?? []).some(grantsDeveloper) && translate('resources.users.page.developer_roles_only'),
        (roles ?? []).some((role) => beyondCaller(role) && !grantsDeveloper(role)) &&
          translate('resources.users.page.roles_beyond_caller'),
      ].filter(Boolean);
  const toggle = (id: Identifier) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <SubmitDialog
      open={open}
      onClose={onClose}
      title={translate('resources.users.page.permissions_title', { name: fullName(user) })}
      onSubmit={async () => {
        const { data: now } = await dataProvider.getOne<AdminUser>('users', { id: user.id });
        await dataProvider.setUserRoles(
          user.id,
          withSetChanges(
            heldIds,
            selected,
            now.roles.map((role) => role.id),
          ),
        );
      }}
      disabled={isPending}
    >
      {isPending ? (
        <ListSpinner />
      ) : (
        <>
          <FormGroup
            aria-label={translate('resources.users.fields.roles')}
            aria-describedby={notes.length ? 'locked-roles-note' : undefined}
          >
            {(roles ?? []).map((role) => (
              <FormControlLabel
                key={role.id}
                control={<Checkbox checked={selected.includes(role.id)} onChange={() => toggle(role.id)} />}
                label={String(role.name)}
                disabled={lockedRoles.includes(role)}
              />
            ))}
          </FormGroup>
          {notes.length > 0 && <FormHelperText id="locked-roles-note">{notes.join(' ')}</FormHelperText>}
        </>
      )}
    </SubmitDialog>
  );
}
