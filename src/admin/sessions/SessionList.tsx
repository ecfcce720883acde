import EventSeatIcon from '@mui/icons-material/EventSeat';
import GroupsIcon from '@mui/icons-material/Groups';
import SchoolIcon from '@mui/icons-material/School';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslate, type RaRecord } from 'react-admin';
import type { SessionResource } from '../../../server/src/contract';
import { ChipList } from '../common/ChipList';
import { formatRomeDateTime } from '../common/dateTime';
import { DeleteRecordButton } from '../common/DeleteRecordButton';
import { DialogAction } from '../common/DialogAction';
import { CreateRecordButton, EditRecordButton } from '../common/RecordButtons';
import { ResourceTable, type Column } from '../common/ResourceTable';
import { RowAction } from '../common/RowAction';
import { SearchListPage } from '../common/SearchListPage';
import { SessionsExportButton } from '../reports/SessionsExportButton';
import { fullName, truncate } from '../common/text';
import { SessionExpertsDialog } from './SessionExpertsDialog';
import { SessionInputs, toSessionBody } from './SessionInputs';
import { SessionParticipantsDialog } from './SessionParticipantsDialog';
import { SessionTeamsDialog } from './SessionTeamsDialog';

type Session = SessionResource & RaRecord;

function TypeCell({ record }: { record: Session }) {
  const translate = useTranslate();
  return <>{translate(`resources.sessions.page.type_${record.type}`)}</>;
}

function TeamsCell({ record }: { record: Session }) {
  const translate = useTranslate();
  return (
    <ChipList
      labels={record.teams.map((team) => team.name)}
      emptyText={translate('resources.sessions.page.all_teams')}
    />
  );
}

const columns: Column<Session>[] = [
  { source: 'start_time', render: (record) => formatRomeDateTime(record.start_time) },
  { source: 'name' },
  { source: 'type', render: (record) => <TypeCell record={record} /> },
  { source: 'teams', render: (record) => <TeamsCell record={record} /> },
  { source: 'experts', render: (record) => <ChipList labels={record.experts.map((expert) => fullName(expert))} /> },
  { source: 'description', render: (record) => <span title={record.description}>{truncate(record.description)}</span> },
];

function SessionActions({ record }: { record: Session }) {
  const translate = useTranslate();
  return (
    <>
      <RowAction
        label={translate('resources.sessions.page.view')}
        icon={<VisibilityIcon />}
        to={`/sessions/${record.id}`}
      />
      <DialogAction
        access={{ action: 'edit', resource: 'sessions' }}
        label={translate('resources.sessions.page.experts')}
        icon={<SchoolIcon />}
        dialog={(open, close) => <SessionExpertsDialog session={record} open={open} onClose={close} />}
      />
      <DialogAction
        access={{ action: 'list', resource: 'sessions' }}
        label={translate('resources.sessions.page.participants')}
        icon={<EventSeatIcon />}
        dialog={(open, close) => <SessionParticipantsDialog session={record} open={open} onClose={close} />}
      />
      <DialogAction
        access={{ action: 'edit', resource: 'sessions' }}
        label={translate('resources.sessions.page.teams_action')}
        icon={<GroupsIcon />}
        dialog={(open, close) => <SessionTeamsDialog session={record} open={open} onClose={close} />}
      />
      <EditRecordButton
        record={record}
        title="resources.sessions.page.edit_title"
        transform={(data) => toSessionBody(data, 'edit')}
      >
        <SessionInputs mode="edit" />
      </EditRecordButton>
      <DeleteRecordButton
        record={record}
        name={record.name}
        confirmText="resources.sessions.page.delete_confirm"
        failures="log"
      />
    </>
  );
}

/** Gestione Sessioni: newest first, with the attendances for the participants modal. */
export function SessionList() {
  return (
    <SearchListPage
      title="resources.sessions.page.title"
      allHeading="resources.sessions.page.all"
      searchPlaceholder="resources.sessions.page.search"
      sort={{ field: 'start_time', order: 'DESC' }}
      query={{ attendances: true }}
      actions={
        <>
          <SessionsExportButton />
          <CreateRecordButton
            label="resources.sessions.page.create"
            title="resources.sessions.page.create_title"
            defaultValues={{ type: 'other' }}
            transform={(data) => toSessionBody(data, 'create')}
          >
            <SessionInputs mode="create" />
          </CreateRecordButton>
        </>
      }
    >
      <ResourceTable<Session>
        columns={columns}
        rowActions={(record) => <SessionActions record={record} />}
        empty="resources.sessions.page.empty"
      />
    </SearchListPage>
  );
}
