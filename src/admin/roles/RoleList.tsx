import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { DEVELOPER } from '../../authProvider/canAccess';
import type { RoleResource } from '../../../server/src/contract';
import { CardGrid, SkeletonCards } from '../common/CardGrid';
import { DeleteRecordButton } from '../common/DeleteRecordButton';
import { CreateRecordButton, EditRecordButton } from '../common/RecordButtons';
import { SearchListPage } from '../common/SearchListPage';
import { RoleDeletionConsequences } from './RoleDeletionConsequences';
import { RoleInputs, toRoleBody } from './RoleInputs';

type Role = RoleResource & RaRecord;

/** Roles are few: one page holds them all. */
const ALL_ROLES = 1000;
/** GET /api/roles with includes=permissions and filter[name]. */
const ROLE_QUERY = { includes: 'permissions' };

/**
 * A role's card. Only a developer may edit or delete a role holding "developer" (the server refuses
 * anyone else): for the others the card says so instead of offering either.
 */
function RoleCard({ record }: { record: Role }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const locked =
    !(permissions ?? []).includes(DEVELOPER) && record.permissions.some((permission) => permission.name === DEVELOPER);
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h3" component="h3" gutterBottom>
          {record.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {record.description}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.roles.page.permissions_count', { smart_count: record.permissions.length })}
        </Typography>
        {locked && (
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('resources.roles.page.developer_role_locked')}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        {!locked && (
          <EditRecordButton
            record={record}
            title="resources.roles.page.edit_title"
            transform={toRoleBody}
            loading={<SkeletonCards />}
          >
            <RoleInputs />
          </EditRecordButton>
        )}
        {!locked && (
          <DeleteRecordButton
            record={record}
            name={record.name}
            confirmText="resources.roles.page.delete_confirm"
            failures="log"
            details={<RoleDeletionConsequences role={record} />}
          />
        )}
      </CardActions>
    </Card>
  );
}

/** Gestione Ruoli: a card grid with 8 skeletons while loading. */
export function RoleList() {
  return (
    <SearchListPage
      title="resources.roles.page.title"
      allHeading="resources.roles.page.all"
      searchPlaceholder="resources.roles.page.search"
      perPage={ALL_ROLES}
      sort={{ field: 'name', order: 'ASC' }}
      paginated={false}
      searchSource="name"
      query={ROLE_QUERY}
      actions={
        <CreateRecordButton
          label="resources.roles.page.create"
          title="resources.roles.page.create_title"
          defaultValues={{ permissions: [] }}
          transform={toRoleBody}
        >
          <RoleInputs />
        </CreateRecordButton>
      }
    >
      <CardGrid<Role> renderCard={(record) => <RoleCard record={record} />} empty="resources.roles.page.empty" />
    </SearchListPage>
  );
}
