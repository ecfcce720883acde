import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { UserInputs } from '../../src/admin/users/UserInputs';
import { EARLIEST_BIRTHDATE } from '../../server/src/modules/users/person-rules';
import { romeDayKey } from '../../src/dates/calendar';
import { renderAdmin } from './support/adminHarness';

describe('the new user form: birthdate', () => {
  it('limits the date picker to those days and says what is wrong under the field', async () => {
    const { container } = renderAdmin(
      <Form defaultValues={{ name: 'Ada', surname: 'Neri', email: 'ada@example.org', birthdate: '1850-05-01' }}>
        <UserInputs />
      </Form>,
      { resource: 'users' },
    );
    await waitFor(() => expect(container.querySelector('input[name="birthdate"]')).not.toBeNull());
    const input = container.querySelector('input[name="birthdate"]')!;
    expect(input).toHaveAttribute('min', EARLIEST_BIRTHDATE);
    expect(input).toHaveAttribute('max', romeDayKey(new Date()));
    fireEvent.submit(container.querySelector('form')!);
    expect(await screen.findByText('La data di nascita non può essere precedente al 01/01/1900.')).toBeInTheDocument();
    expect(container.querySelector('[aria-invalid="true"]')).toBe(input);
  });
});
