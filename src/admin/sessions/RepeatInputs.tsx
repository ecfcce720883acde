import {
  BooleanInput,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { DateInput } from '../common/DateInput';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { RepeatRule } from '../../../server/src/contract';

/** Most sessions one series may create, the first included (the server enforces the same). */
export const MAX_REPEATS = 52;

/** The `repeat` of POST /api/sessions from the form values, or undefined when "Ripeti" is off. */
export function toRepeatBody(data: Record<string, unknown>): RepeatRule | undefined {
  const repeat = data.repeat as
    { enabled?: boolean; frequency?: string; ends?: string; until?: string; count?: number } | undefined;
  if (!repeat?.enabled) return undefined;
  const frequency = repeat.frequency ?? 'weekly';
  return repeat.ends === 'until' ? { frequency, until: repeat.until } : { frequency, count: Number(repeat.count) };
}

/** A number of sessions is whole: 2.5 is refused under the field (the server refuses it too). */
const wholeNumber = (value: unknown) =>
  value === undefined || value === null || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'resources.sessions.repeat.count_whole';

/**
 * "Ripeti" on the new-session form: every week or every two weeks, until a date or for a number
 * of times (at most 52). Each occurrence becomes an independent session.
 */
export function RepeatInputs() {
  const translate = useTranslate();
  const enabled = useWatch({ name: 'repeat.enabled' });
  const ends = useWatch({ name: 'repeat.ends' });
  const t = (key: string) => translate(`resources.sessions.repeat.${key}`);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <BooleanInput source="repeat.enabled" label={t('enabled')} helperText={t('hint')} />
      {enabled && (
        <>
          <SelectInput
            source="repeat.frequency"
            label={t('frequency')}
            defaultValue="weekly"
            validate={required()}
            choices={[
              { id: 'weekly', name: t('weekly') },
              { id: 'biweekly', name: t('biweekly') },
            ]}
          />
          <RadioButtonGroupInput
            source="repeat.ends"
            label={t('ends')}
            defaultValue="count"
            choices={[
              { id: 'count', name: t('ends_count') },
              { id: 'until', name: t('ends_until') },
            ]}
          />
          {ends === 'until' ? (
            <DateInput source="repeat.until" label={t('until')} validate={required()} />
          ) : (
            <NumberInput
              source="repeat.count"
              label={t('count')}
              defaultValue={4}
              min={1}
              max={MAX_REPEATS}
              step={1}
              validate={[required(), wholeNumber, minValue(1), maxValue(MAX_REPEATS)]}
              helperText={t('count_hint')}
            />
          )}
        </>
      )}
    </Box>
  );
}
