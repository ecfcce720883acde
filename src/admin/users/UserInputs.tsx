import { email, required, TextInput } from 'react-admin';
import { DateInput } from '../common/DateInput';
import { birthdateProblem, EARLIEST_BIRTHDATE } from '../../../server/src/modules/users/person-rules';
import { romeDayKey } from '../../dates/calendar';

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
        validate={(value: unknown) => birthdateProblem(value, romeDayKey(new Date()))}
        slotProps={{ htmlInput: { min: EARLIEST_BIRTHDATE, max: romeDayKey(new Date()) } }}
      />
    </>
  );
}
