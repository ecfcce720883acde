import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { MemberJoinDateDialog } from '../../src/admin/teams/MemberJoinDateDialog';
import { renderAdmin, testDataProvider } from './support/adminHarness';

const member = {
  id: 4,
  name: 'Anna',
  surname: 'Rossi',
  email: 'anna@example.com',
  mobile: null,
  avatar: null,
  joined_at: '2026-09-30T22:00:00.000Z',
};

function renderDialog(setTeamMemberJoinDate: (...args: unknown[]) => Promise<unknown>) {
  const onSaved = vi.fn(async () => undefined);
  const onClose = vi.fn();
  const dataProvider = testDataProvider([], { setTeamMemberJoinDate } as never);
  renderAdmin(<MemberJoinDateDialog teamId={7} member={member} onClose={onClose} onSaved={onSaved} />, {
    dataProvider,
  });
  return { onSaved, onClose };
}

describe('MemberJoinDateDialog', () => {
  it("starts from the member's day in Rome and sends the day chosen", async () => {
    const send = vi.fn(async () => ({}));
    const { onSaved, onClose } = renderDialog(send);
    const dialog = await screen.findByRole('dialog', { name: 'Data di ingresso di Anna Rossi' });
    const field = within(dialog).getByLabelText(/Nel team dal/);
    // 22:00 UTC on 30 September is midnight of 1 October in Rome.
    expect(field).toHaveValue('2026-10-01');
    await userEvent.clear(field);
    await userEvent.type(field, '2026-09-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith(7, 4, '2026-09-15');
    expect(onSaved).toHaveBeenCalled();
  });

  it('says under the field what is wrong, before sending and when the server refuses', async () => {
    const send = vi.fn(async () => {
      throw new HttpError('Dati non validi.', 422, {
        message: 'x',
        errors: { joined_on: ['La data di ingresso non è valida.'] },
      });
    });
    const { onClose } = renderDialog(send);
    const dialog = await screen.findByRole('dialog', { name: 'Data di ingresso di Anna Rossi' });
    const field = within(dialog).getByLabelText(/Nel team dal/);
    await userEvent.clear(field);
    await userEvent.type(field, '1999-12-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('La data di ingresso non può essere precedente al 01/01/2000.'),
    );
    expect(send).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '2026-09-15');
    expect(field).not.toHaveAccessibleDescription();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('La data di ingresso non è valida.'));
    // The field says it; nothing above it repeats it, and the dialog stays open.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
