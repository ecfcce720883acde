import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { PeoplePickerDialog, type PeoplePickerDialogProps } from '../../src/admin/common/PeoplePickerDialog';
import { userPicker } from '../../src/admin/common/pickers';
import { renderAdmin } from './support/adminHarness';

const TEXTS = {
  title: 'resources.teams.page.members_title',
  pick: 'resources.teams.page.add_member',
  add: 'resources.teams.page.add',
  empty: 'resources.teams.page.members_empty',
  remove: 'resources.teams.page.remove_member',
};

const people = [
  { id: 1, name: 'Anna', surname: 'Rossi', email: 'anna@example.com', avatar: null },
  { id: 2, name: 'Luca', surname: 'Bianchi', email: 'luca@example.com', avatar: null },
];

function renderDialog(overrides: Partial<PeoplePickerDialogProps> = {}) {
  const props: PeoplePickerDialogProps = {
    open: true,
    onClose: vi.fn(),
    texts: TEXTS,
    record: { id: 7, name: 'Alfa' },
    picker: userPicker,
    people,
    loading: false,
    add: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    reload: vi.fn(async () => undefined),
    failures: 'notify',
    ...overrides,
  };
  renderAdmin(
    <>
      <PeoplePickerDialog {...props} />
      <Notification />
    </>,
  );
  return props;
}

describe('PeoplePickerDialog', () => {
  it('lists the people with the record in the title', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Membri di Alfa' });
    expect(within(dialog).getByText('Anna Rossi')).toBeInTheDocument();
    expect(within(dialog).getByText('luca@example.com')).toBeInTheDocument();
  });

  it('adds a line under each address when asked, e.g. since when a member', async () => {
    renderDialog({ detail: (person) => `Nel team dal 0${person.id}/09/2026` });
    const dialog = await screen.findByRole('dialog', { name: 'Membri di Alfa' });
    const anna = within(dialog).getByText('Anna Rossi').closest('li')!;
    expect(anna).toHaveTextContent('anna@example.com');
    expect(anna).toHaveTextContent('Nel team dal 01/09/2026');
    expect(within(dialog).getByText(/Nel team dal 02\/09\/2026/)).toBeInTheDocument();
  });

  it('says so when there is nobody', async () => {
    renderDialog({ people: [] });
    expect(await screen.findByText('Nessun membro trovato')).toBeInTheDocument();
  });

  it('removes a person, then reloads the list', async () => {
    const props = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Rimuovi Luca Bianchi' }));
    await waitFor(() => expect(props.remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(props.reload).toHaveBeenCalled());
  });

  it('shows a refused change as the server says it', async () => {
    const remove = vi.fn(async () => {
      throw new HttpError('Non puoi rimuovere il coordinatore.', 422, {
        message: 'Non puoi rimuovere il coordinatore.',
      });
    });
    const props = renderDialog({ remove });
    await userEvent.click(await screen.findByRole('button', { name: 'Rimuovi Anna Rossi' }));
    expect(await screen.findByText('Non puoi rimuovere il coordinatore.')).toBeInTheDocument();
    expect(props.reload).not.toHaveBeenCalled();
  });

  it('only logs a failed change when asked to', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const remove = vi.fn(async () => {
      throw new HttpError('Errore', 500, { message: 'Errore' });
    });
    renderDialog({ remove, failures: 'log' });
    await userEvent.click(await screen.findByRole('button', { name: 'Rimuovi Anna Rossi' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('Errore')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
