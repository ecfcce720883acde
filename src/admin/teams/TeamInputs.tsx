import { required, TextInput, useRecordContext, type RaRecord } from 'react-admin';
import { PickerInput } from '../common/PickerInput';
import { coordinatorPicker } from '../common/pickers';

/** The body of POST/PUT /api/teams. */
export function toTeamBody(data: Record<string, unknown>) {
  return {
    name: data.name,
    description: typeof data.description === 'string' && data.description.trim() !== '' ? data.description : null,
    owner_id: data.owner_id ?? null,
  };
}

/** Team form: name (required), description, coordinator. */
export function TeamInputs() {
  const record = useRecordContext();
  const owner = record?.owner as RaRecord | null | undefined;
  return (
    <>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline minRows={3} />
      <PickerInput
        source="owner_id"
        label="resources.teams.fields.owner_id"
        config={coordinatorPicker}
        initialRecords={owner ? [owner] : []}
      />
    </>
  );
}
