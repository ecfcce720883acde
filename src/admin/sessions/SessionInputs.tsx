import { required, SelectInput, TextInput, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { SessionType } from '../../../server/src/contract';
import { DateTimeInput } from '../common/DateTimeInput';
import { PickerInput } from '../common/PickerInput';
import { expertPicker, teamPicker } from '../common/pickers';
import { prefilledInstructions } from './meetInstructions';
import { RepeatInputs, toRepeatBody } from './RepeatInputs';

export const SESSION_TYPES: SessionType[] = ['meet', 'other'];

const orNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/** The body of POST /api/sessions (with expert_id) and PUT /api/sessions/{id} (without). */
export function toSessionBody(data: Record<string, unknown>, mode: 'create' | 'edit') {
  const body = {
    name: data.name,
    type: data.type,
    description: data.description,
    start_time: data.start_time,
    end_time: orNull(data.end_time),
    join_instructions: data.join_instructions,
    team_id: orNull(data.team_id),
  };
  if (mode === 'edit') return body;
  const repeat = toRepeatBody(data);
  return { ...body, expert_id: orNull(data.expert_id), ...(repeat ? { repeat } : {}) };
}

/** Choosing "meet" with empty join instructions fills them with the standard Google Meet text. */
function useMeetPrefill() {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  return (event: unknown) => {
    const value = (event as { target?: { value?: unknown } } | null)?.target?.value;
    const text = prefilledInstructions(
      String(value ?? ''),
      getValues('join_instructions'),
      translate('resources.sessions.page.meet_instructions'),
    );
    if (text !== undefined) setValue('join_instructions', text, { shouldDirty: true });
  };
}

/** Session form: name, type, description, start, end, join instructions, team, expert (create only). */
export function SessionInputs({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const prefillMeet = useMeetPrefill();
  const teams = (record?.teams as RaRecord[] | undefined) ?? [];
  const firstTeam = teams.find((team) => team.id === record?.team_id);
  // The one team field cannot show several teams: say which they are, and what choosing another does.
  const severalTeams =
    mode === 'edit' && teams.length > 1
      ? translate('resources.sessions.page.several_teams', {
          count: teams.length,
          names: teams.map((team) => String(team.name)).join(', '),
        })
      : undefined;
  return (
    <>
      <TextInput source="name" validate={required()} />
      <SelectInput
        source="type"
        validate={required()}
        choices={SESSION_TYPES.map((id) => ({ id, name: translate(`resources.sessions.page.type_${id}`) }))}
        onChange={prefillMeet}
      />
      <TextInput source="description" validate={required()} multiline minRows={2} />
      <DateTimeInput source="start_time" validate={[required()]} />
      <DateTimeInput source="end_time" />
      <TextInput source="join_instructions" validate={required()} multiline minRows={3} />
      <PickerInput
        source="team_id"
        label="resources.sessions.fields.team_id"
        config={teamPicker}
        initialRecords={firstTeam ? [firstTeam] : []}
        helperText={severalTeams}
      />
      {mode === 'create' && (
        <PickerInput source="expert_id" label="resources.sessions.fields.expert_id" config={expertPicker} />
      )}
      {mode === 'create' && <RepeatInputs />}
    </>
  );
}
