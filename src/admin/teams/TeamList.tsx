import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import ImageIcon from '@mui/icons-material/Image';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Stack from '@mui/material/Stack';
import { CanAccess, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { TeamSummary } from '../../../server/src/contract';
import { Avatar } from '../../components/Avatar';
import { LazyImageCropDialog } from '../../components/LazyImageCropDialog';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { DeleteRecordButton } from '../common/DeleteRecordButton';
import { DialogAction } from '../common/DialogAction';
import { CreateRecordButton, EditRecordButton } from '../common/RecordButtons';
import { ResourceTable, type Column } from '../common/ResourceTable';
import { RowAction } from '../common/RowAction';
import { SearchListPage } from '../common/SearchListPage';
import { fullName, truncate } from '../common/text';
import { TeamInputs, toTeamBody } from './TeamInputs';
import { TeamMembersDialog } from './TeamMembersDialog';
import { TeamDeletionConsequences } from './TeamDeletionConsequences';
import { TeamSessionsDialog } from './TeamSessionsDialog';

type Team = TeamSummary & RaRecord;

const columns: Column<Team>[] = [
  {
    source: 'name',
    render: (record) => (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Avatar name={record.name} src={record.avatar} size={32} decorative />
        <span>{record.name}</span>
      </Stack>
    ),
  },
  {
    source: 'description',
    render: (record) => <span title={record.description ?? undefined}>{truncate(record.description)}</span>,
  },
  { source: 'owner', render: (record) => fullName(record.owner) },
  { source: 'members_count' },
];

function TeamActions({ record }: { record: Team }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const uploadLogo = async (blob: Blob) => {
    await dataProvider.uploadImage({ path: `teams/${record.id}`, field: 'avatar', blob });
    refresh();
  };
  return (
    <>
      <CanAccess action="show" resource="teams">
        <RowAction
          label={translate('resources.teams.page.view')}
          icon={<VisibilityIcon />}
          to={`/percorso/${record.id}`}
        />
      </CanAccess>
      <DialogAction
        access={{ action: 'list', resource: 'sessions' }}
        label={translate('resources.teams.page.sessions')}
        icon={<EventIcon />}
        dialog={(open, close) => <TeamSessionsDialog team={record} open={open} onClose={close} />}
      />
      <DialogAction
        access={{ action: 'edit', resource: 'teams' }}
        label={translate('resources.teams.page.logo')}
        icon={<ImageIcon />}
        dialog={(open, close) => (
          <LazyImageCropDialog
            open={open}
            onClose={close}
            aspect={1}
            title={translate('resources.teams.page.logo_title', { name: record.name })}
            submitLabel={translate('resources.teams.page.logo_submit')}
            onUpload={uploadLogo}
          />
        )}
      />
      <DialogAction
        access={{ action: 'edit', resource: 'teams' }}
        label={translate('resources.teams.page.members')}
        icon={<GroupIcon />}
        dialog={(open, close) => <TeamMembersDialog team={record} open={open} onClose={close} />}
      />
      <EditRecordButton record={record} title="resources.teams.page.edit_title" transform={toTeamBody}>
        <TeamInputs />
      </EditRecordButton>
      <DeleteRecordButton
        record={record}
        name={record.name}
        confirmText="resources.teams.page.delete_confirm"
        details={<TeamDeletionConsequences team={record} />}
      />
    </>
  );
}

/** Gestione Team. */
export function TeamList() {
  return (
    <SearchListPage
      title="resources.teams.page.title"
      allHeading="resources.teams.page.all"
      searchPlaceholder="resources.teams.page.search"
      actions={
        <CreateRecordButton
          label="resources.teams.page.create"
          title="resources.teams.page.create_title"
          transform={toTeamBody}
        >
          <TeamInputs />
        </CreateRecordButton>
      }
    >
      <ResourceTable<Team>
        columns={columns}
        rowActions={(record) => <TeamActions record={record} />}
        empty="resources.teams.page.empty"
      />
    </SearchListPage>
  );
}
