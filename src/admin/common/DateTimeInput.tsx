import Box from '@mui/material/Box';
import { FieldTitle, ResettableTextField, useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import {
  DATE_TIME_PATTERN,
  formatRomeDateTime,
  INVALID_DATE_TIME,
  isIsoInstant,
  maskDateTime,
  parseRomeDateTime,
} from './dateTime';

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

/**
 * A date-time typed as dd/mm/yyyy hh:mm (Europe/Rome) and sent as UTC ISO.
 *
 * react-admin's TextInput shows an error in place of its helper text, so whoever typed the date in
 * the wrong format would lose sight of the format just when they need it. Here the error comes
 * first and the hint stays under it; the input is described by both, each its own element, so a
 * screen reader says the error, then the expected format.
 */
export function DateTimeInput({ source, label, validate = [] }: DateTimeInputProps) {
  const translate = useTranslate();
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({
    source,
    format: formatDateTimeValue,
    parse: parseDateTimeText,
    validate: [...validate, validDateTime],
  });
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const message = invalid ? error?.message : undefined;
  return (
    <ResettableTextField
      id={id}
      {...field}
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={invalid}
      placeholder={DATE_TIME_PATTERN}
      helperText={
        <>
          {message && (
            <Box component="span" id={errorId} sx={{ display: 'block' }}>
              <ValidationError error={message} />
            </Box>
          )}
          {/* In the hint's own colour, also under an error (the helper text is all red then). */}
          <Box component="span" id={hintId} sx={{ display: 'block', color: 'text.secondary' }}>
            {translate('app.admin.date_time.hint')}
          </Box>
        </>
      }
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'off',
          'aria-describedby': message ? `${errorId} ${hintId}` : hintId,
        },
      }}
    />
  );
}
