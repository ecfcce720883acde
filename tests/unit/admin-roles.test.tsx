import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoleList } from '../../src/admin/roles/RoleList';
import { renderAdmin, testDataProvider } from './support/adminHarness';

const role = (id: number, name: string, users_count: number) => ({
  id,
  name,
  description: `Ruolo ${name}`,
  created_at: '2026-01-01T00:00:00.000Z',
  permissions: [{ name: 'read_teams', description: 'Vedere i team' }],
  users_count,
});

/** The roles page's delete confirmation says who loses the role's permissions. */
describe('deleting a role', () => {
  async function confirmationOf(rows: Array<ReturnType<typeof role>>, name: string, fresh?: ReturnType<typeof role>) {
    const dataProvider = testDataProvider(rows);
    if (fresh) dataProvider.getOne = (async () => ({ data: fresh })) as never;
    renderAdmin(<RoleList />, { dataProvider, resource: 'roles', permissions: ['read_roles', 'delete_roles'] });
    fireEvent.click(await screen.findByRole('button', { name: `Elimina Ruolo ${name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Sei sicuro di voler eliminare il ruolo "${name}"?`)).toBeInTheDocument();
    return dialog;
  }

  it('says how many users hold it and that they lose its permissions', async () => {
    const rows = [role(1, 'Coordinatore', 3), role(2, 'Mentore', 1)];
    expect(await within(await confirmationOf(rows, 'Coordinatore')).findByRole('status')).toHaveTextContent(
      '3 utenti hanno questo ruolo e ne perderanno i permessi.',
    );
  });

  it('in the singular for one user', async () => {
    const rows = [role(1, 'Coordinatore', 3), role(2, 'Mentore', 1)];
    expect(await within(await confirmationOf(rows, 'Mentore')).findByRole('status')).toHaveTextContent(
      '1 utente ha questo ruolo e ne perderà i permessi.',
    );
  });

  it('reads the count again when the dialog opens', async () => {
    const dialog = await confirmationOf([role(1, 'Coordinatore', 0)], 'Coordinatore', role(1, 'Coordinatore', 2));
    expect(
      await within(dialog).findByText('2 utenti hanno questo ruolo e ne perderanno i permessi.'),
    ).toBeInTheDocument();
  });

  it('says so when nobody holds it', async () => {
    const dialog = await confirmationOf([role(1, 'Ospite', 0)], 'Ospite');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Nessun utente ha questo ruolo.');
  });
});
