import type { Ref } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { EARLIEST_JOIN_DAY, joinDayProblem } from '../../../server/src/modules/users/person-rules';

/** The API's field for the day a member joined their team. */
export const JOINED_ON = 'joined_on';

/**
 * What is wrong with a join day typed in a form (empty, in the future, too early), in the shape of
 * the API's 422, so that it shows where the server's would; null when nothing is.
 */
export function joinDayRefusal(day: string, today: string, required: string) {
  const message = day ? joinDayProblem(day, today) : required;
  return message ? { status: 422, body: { message, errors: { [JOINED_ON]: [message] } } } : null;
}

export interface JoinDayFieldProps {
  value: string;
  onChange: (day: string) => void;
  /** The refusal under the field, if any. */
  problem: string | undefined;
  /** Europe/Rome today (`YYYY-MM-DD`): the latest day offered. */
  today: string;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** "Nel team dal": a day from 01/01/2000 to today. */
export function JoinDayField({ value, onChange, problem, today, fullWidth, inputRef }: JoinDayFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      type="date"
      label={translate('resources.teams.page.joined_on')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth={fullWidth}
      inputRef={inputRef}
      error={Boolean(problem)}
      helperText={problem}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: EARLIEST_JOIN_DAY, max: today } }}
    />
  );
}
