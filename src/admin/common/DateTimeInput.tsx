import { TextInput, useTranslate, type Validator } from 'react-admin';
import { DATE_TIME_PATTERN, formatRomeDateTime, INVALID_DATE_TIME, isIsoInstant, maskDateTime, parseRomeDateTime } from './dateTime';

/** The form keeps the ISO instant once the text is a real moment, the masked text otherwise. */
export const formatDateTimeValue = (value: unknown): string =>
  isIsoInstant(value) ? formatRomeDateTime(value) : typeof value === 'string' ? value : '';

export const parseDateTimeText = (text: string): string | null => {
  const masked = maskDateTime(text);
  if (masked === '') return null;
  return parseRomeDateTime(masked) ?? masked;
};

/** Anything typed that is not (yet) a real date-time is refused, with the `app.admin.date_time.invalid` message. */
export const validDateTime: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || isIsoInstant(value) ? undefined : INVALID_DATE_TIME;

export interface DateTimeInputProps {
  source: string;
  label?: string;
  validate?: Validator[];
}

/** A date-time typed as dd/mm/yyyy hh:mm (Europe/Rome) and sent as UTC ISO. */
export function DateTimeInput({ source, label, validate = [] }: DateTimeInputProps) {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      label={label}
      format={formatDateTimeValue}
      parse={parseDateTimeText}
      validate={[...validate, validDateTime]}
      placeholder={DATE_TIME_PATTERN}
      helperText={translate('app.admin.date_time.hint')}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
}
