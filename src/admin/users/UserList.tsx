import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { useTranslate, type RaRecord } from 'react-admin';
import type { AdminUser } from '../../../server/src/contract';
import { ChipList } from '../common/ChipList';
import { DeleteRecordButton } from '../common/DeleteRecordButton';
import { DialogAction } from '../common/DialogAction';
import { CreateRecordButton } from '../common/RecordButtons';
import { ResourceTable, type Column } from '../common/ResourceTable';
import { SearchListPage } from '../common/SearchListPage';
import { fullName } from '../common/text';
import { toUserBody, UserInputs } from './UserInputs';
import { UserMoocDialog } from './UserMoocDialog';
import { UserRolesDialog } from './UserRolesDialog';

type User = AdminUser & RaRecord;

function MoocCell({ record }: { record: User }) {
  const translate = useTranslate();
  return <>{translate(record.mooc_access ? 'resources.users.page.mooc_yes' : 'resources.users.page.mooc_no')}</>;
}

const columns: Column<User>[] = [
  { source: 'name', render: (record) => fullName(record) },
  { source: 'email' },
  { source: 'tax_id', render: (record) => record.tax_id ?? '' },
  { source: 'roles', render: (record) => <ChipList labels={record.roles.map((role) => role.name)} /> },
  { source: 'mooc_access', render: (record) => <MoocCell record={record} /> },
];

/** Permissions (roles) and edit (video course access) need update_roles; delete needs delete_users. */
function UserActions({ record }: { record: User }) {
  const translate = useTranslate();
  return (
    <>
      <DialogAction
        access={{ action: 'edit', resource: 'users' }}
        label={translate('resources.users.page.permissions')}
        icon={<KeyIcon />}
        dialog={(open, close) => <UserRolesDialog user={record} open={open} onClose={close} />}
      />
      <DialogAction
        access={{ action: 'edit', resource: 'users' }}
        label={translate('resources.users.page.edit')}
        icon={<EditIcon />}
        dialog={(open, close) => <UserMoocDialog user={record} open={open} onClose={close} />}
      />
      <DeleteRecordButton record={record} name={fullName(record)} confirmText="resources.users.page.delete_confirm" />
    </>
  );
}

/** Gestione Utenti. */
export function UserList() {
  return (
    <SearchListPage
      title="resources.users.page.title"
      allHeading="resources.users.page.all"
      searchPlaceholder="resources.users.page.search"
      actions={
        <CreateRecordButton
          label="resources.users.page.create"
          title="resources.users.page.create_title"
          transform={toUserBody}
        >
          <UserInputs />
        </CreateRecordButton>
      }
    >
      <ResourceTable<User>
        columns={columns}
        rowActions={(record) => <UserActions record={record} />}
        empty="resources.users.page.empty"
      />
    </SearchListPage>
  );
}
