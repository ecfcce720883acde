import { DateInput, email, required, TextInput } from 'react-admin';
import { romeDayKey } from '../../lib/calendar';

/** The earliest birthdate the server takes. */
export const EARLIEST_BIRTHDATE = '1900-01-01';

/**
 * The server's birthdate rules, said under the field before the form is sent: not before 1900, not
 * after today in Rome (the incubator's calendar).
 */
export function birthdateProblem(value: unknown, today = romeDayKey(new Date())): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (value < EARLIEST_BIRTHDATE) return 'La data di nascita non può essere precedente al 01/01/1900.';
  if (value > today) return 'La data di nascita non può essere nel futuro.';
  return undefined;
}


/** Birthdate as an ISO date: the date input already gives "YYYY-MM-DD"; empty → null. */
export function toUserBody(data: Record<string, unknown>) {
  const blank = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return {
    name: data.name,
    surname: data.surname,
    email: data.email,
    tax_id: blank(data.tax_id),
    birthdate: blank(data.birthdate),
  };
}

/** New user: name, surname and email required; tax id and birthdate optional. */
export function UserInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <TextInput source="surname" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <TextInput source="tax_id" />
      {/* min and max also keep the browser's date picker within those days. */}
      <DateInput
        source="birthdate"
        validate={(value: unknown) => birthdateProblem(value)}
        slotProps={{ htmlInput: { min: EARLIEST_BIRTHDATE, max: romeDayKey(new Date()) } }}
      />
    </>
  );
}
