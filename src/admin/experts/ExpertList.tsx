import { useGetIdentity, useTranslate, type RaRecord } from 'react-admin';
import type { ExpertResource } from '../../../server/src/contract';
import { ChipList } from '../common/ChipList';
import { DeleteRecordButton } from '../common/DeleteRecordButton';
import { CreateRecordButton, EditRecordButton } from '../common/RecordButtons';
import { ResourceTable, type Column } from '../common/ResourceTable';
import { SearchListPage } from '../common/SearchListPage';
import { fullName } from '../common/text';
import { ExpertInputs, toExpertBody } from './ExpertInputs';

type Expert = ExpertResource & RaRecord;

function AccessCell({ record }: { record: Expert }) {
  const translate = useTranslate();
  return <>{record.expert_access ? translate(`resources.experts.page.access_${record.expert_access}`) : ''}</>;
}

function TaxIdCell({ record }: { record: Expert }) {
  const translate = useTranslate();
  return <>{record.tax_id || translate('app.admin.not_available')}</>;
}

const columns: Column<Expert>[] = [
  { source: 'name', render: (record) => fullName(record) },
  { source: 'email' },
  { source: 'tax_id', render: (record) => <TaxIdCell record={record} /> },
  { source: 'expert_access', render: (record) => <AccessCell record={record} /> },
  { source: 'teams', render: (record) => <ChipList labels={record.teams.map((team) => team.name)} /> },
];

/** Nobody changes their own expert access (the server refuses it): one's own row offers nothing. */
function ExpertActions({ record }: { record: Expert }) {
  const { identity } = useGetIdentity();
  if (identity === undefined || identity.id === record.id) return null;
  return (
    <>
      <EditRecordButton
        record={record}
        title="resources.experts.page.edit_title"
        transform={(data) => toExpertBody(data, 'edit')}
      >
        <ExpertInputs mode="edit" />
      </EditRecordButton>
      <DeleteRecordButton record={record} name={fullName(record)} confirmText="resources.experts.page.delete_confirm" />
    </>
  );
}

/** Gestione Esperti. */
export function ExpertList() {
  return (
    <SearchListPage
      title="resources.experts.page.title"
      allHeading="resources.experts.page.all"
      searchPlaceholder="resources.experts.page.search"
      actions={
        <CreateRecordButton
          label="resources.experts.page.create"
          title="resources.experts.page.create_title"
          defaultValues={{ expert_access: 'complete', teams: [] }}
          transform={(data) => toExpertBody(data, 'create')}
        >
          <ExpertInputs mode="create" />
        </CreateRecordButton>
      }
    >
      <ResourceTable<Expert>
        columns={columns}
        rowActions={(record) => <ExpertActions record={record} />}
        empty="resources.experts.page.empty"
      />
    </SearchListPage>
  );
}
