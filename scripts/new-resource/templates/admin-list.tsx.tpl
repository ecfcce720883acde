import type { RaRecord } from 'react-admin';
import type { {{Singular}}Resource } from '{{import:contract}}';
import { DeleteRecordButton } from '../common/DeleteRecordButton';
import { CreateRecordButton, EditRecordButton } from '../common/RecordButtons';
import { ResourceTable, type Column } from '../common/ResourceTable';
import { SearchListPage } from '../common/SearchListPage';
import { truncate } from '../common/text';
import { {{Singular}}Inputs, to{{Singular}}Body } from './{{Singular}}Inputs';

type {{Singular}} = {{Singular}}Resource & RaRecord;

const columns: Column<{{Singular}}>[] = [
  { source: 'name' },
  {
    source: 'description',
    render: (record) => <span title={record.description ?? undefined}>{truncate(record.description)}</span>,
  },
];

function {{Singular}}Actions({ record }: { record: {{Singular}} }) {
  return (
    <>
      <EditRecordButton record={record} title="resources.{{name}}.page.edit_title" transform={to{{Singular}}Body}>
        <{{Singular}}Inputs />
      </EditRecordButton>
      <DeleteRecordButton record={record} name={record.name} confirmText="resources.{{name}}.page.delete_confirm" />
    </>
  );
}

/** {{pageTitle}}: the {{many}}, newest first, searched by name. */
export function {{Singular}}List() {
  return (
    <SearchListPage
      title="resources.{{name}}.page.title"
      allHeading="resources.{{name}}.page.all"
      searchPlaceholder="resources.{{name}}.page.search"
      actions={
        <CreateRecordButton
          label="resources.{{name}}.page.create"
          title="resources.{{name}}.page.create_title"
          transform={to{{Singular}}Body}
        >
          <{{Singular}}Inputs />
        </CreateRecordButton>
      }
    >
      <ResourceTable<{{Singular}}>
        columns={columns}
        rowActions={(record) => <{{Singular}}Actions record={record} />}
        empty="resources.{{name}}.page.empty"
      />
    </SearchListPage>
  );
}
