import { RadioButtonGroupInput, required, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ExpertAccess } from '../../../server/src/contract';
import { PickerInput, toIds } from '../common/PickerInput';
import { newExpertPicker, teamPicker } from '../common/pickers';

export const EXPERT_ACCESS_VALUES: ExpertAccess[] = ['complete', 'limited'];

/** The body of POST/PUT /api/experts: `access`, and the teams only for limited access. */
export function toExpertBody(data: Record<string, unknown>, mode: 'create' | 'edit') {
  const access = data.expert_access as ExpertAccess | undefined;
  const body = { access, teams: access === 'limited' ? toIds(data.teams) : [] };
  return mode === 'create' ? { user_id: data.user_id, ...body } : body;
}

function TeamsWhenLimited() {
  const access = useWatch({ name: 'expert_access' }) as ExpertAccess | undefined;
  const record = useRecordContext();
  if (access !== 'limited') return null;
  return (
    <PickerInput
      source="teams"
      label="resources.experts.fields.teams"
      config={teamPicker}
      multiple
      initialRecords={(record?.teams as RaRecord[] | undefined) ?? []}
    />
  );
}

/** The expert form: the user (create only), the access, the teams when access is limited. */
export function ExpertInputs({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  return (
    <>
      {mode === 'create' && (
        <PickerInput
          source="user_id"
          label="resources.experts.fields.user_id"
          config={newExpertPicker}
          validate={required()}
        />
      )}
      <RadioButtonGroupInput
        source="expert_access"
        validate={required()}
        choices={EXPERT_ACCESS_VALUES.map((id) => ({ id, name: translate(`resources.experts.page.access_${id}`) }))}
      />
      <TeamsWhenLimited />
    </>
  );
}
