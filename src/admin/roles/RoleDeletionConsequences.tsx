import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import type { RoleResource } from '../../../server/src/contract';

/**
 * Who loses what when a role is deleted, said in its delete confirmation: the users who hold it
 * lose its permissions. The count is read again when the dialog opens (the card's may be older:
 * roles are given from the users page); until then the card's count is shown.
 */
export function RoleDeletionConsequences({ role }: { role: RaRecord & Partial<Pick<RoleResource, 'users_count'>> }) {
  const translate = useTranslate();
  const { data } = useGetOne<RaRecord & Partial<Pick<RoleResource, 'users_count'>>>('roles', { id: role.id });
  const count = data?.users_count ?? role.users_count;
  if (count === undefined) return null;
  return (
    <Typography role="status" color={count ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
      {count
        ? translate('resources.roles.page.delete_holders', { smart_count: count })
        : translate('resources.roles.page.delete_no_holders')}
    </Typography>
  );
}
