import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserMoocDialog } from '../../src/admin/users/UserMoocDialog';
import { UserRolesDialog } from '../../src/admin/users/UserRolesDialog';
import type { AdminUser } from '../../server/src/contract';
import { renderAdmin, testDataProvider } from './support/adminHarness';

/** The back-office does not offer what the server refuses: climbing past one's own permissions. */

const permission = (name: string) => ({ name, description: name });
const ROLES = [
  { id: 1, name: 'Lettori', permissions: [permission('read_teams')] },
  { id: 2, name: 'Revisori', permissions: [permission('read_teams'), permission('read_audit')] },
  { id: 3, name: 'Sviluppatore', permissions: [permission('developer')] },
];
/** The test identity is user 1 (support/adminHarness.tsx). */
const userWithId = (id: number, roles: Array<{ id: number; name: string }> = []) =>
  ({ id, name: 'Paola', surname: 'Rinaldi', roles, mooc_access: false }) as unknown as AdminUser;

describe('the "Permessi" dialog', () => {
  it('offers only the roles whose every permission the caller holds, and says why', async () => {
    renderAdmin(<UserRolesDialog user={userWithId(9)} open onClose={() => undefined} />, {
      dataProvider: testDataProvider(ROLES),
      permissions: ['update_roles', 'read_teams'],
    });
    expect(await screen.findByRole('checkbox', { name: 'Lettori' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Revisori' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Sviluppatore' })).toBeDisabled();
    expect(screen.getByText(/Puoi assegnare o togliere solo i ruoli di cui possiedi tutti i permessi\./)).toBeVisible();
    expect(screen.getByText(/Solo uno sviluppatore può assegnare o togliere i ruoli/)).toBeVisible();
  });

  it('offers a developer every role', async () => {
    renderAdmin(<UserRolesDialog user={userWithId(9)} open onClose={() => undefined} />, {
      dataProvider: testDataProvider(ROLES),
      permissions: ['developer'],
    });
    for (const name of ['Lettori', 'Revisori', 'Sviluppatore'])
      expect(await screen.findByRole('checkbox', { name })).toBeEnabled();
  });

  it('offers nothing on one’s own account', async () => {
    renderAdmin(<UserRolesDialog user={userWithId(1, [{ id: 1, name: 'Lettori' }])} open onClose={() => undefined} />, {
      dataProvider: testDataProvider(ROLES),
      permissions: ['developer'],
    });
    // Disabled once the caller's identity is known.
    for (const name of ['Lettori', 'Revisori', 'Sviluppatore'])
      await waitFor(() => expect(screen.getByRole('checkbox', { name })).toBeDisabled());
    expect(screen.getByText('Non puoi modificare i tuoi ruoli: chiedilo a un altro amministratore.')).toBeVisible();
  });
});

describe('the video-course access dialog', () => {
  it('does not let one change one’s own access', async () => {
    renderAdmin(<UserMoocDialog user={userWithId(1)} open onClose={() => undefined} />, {
      permissions: ['update_roles'],
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Accesso ai videocorsi' })).toBeDisabled());
    expect(
      screen.getByText('Non puoi modificare il tuo accesso ai videocorsi: chiedilo a un altro amministratore.'),
    ).toBeVisible();
  });

  it('lets one change someone else’s', async () => {
    renderAdmin(<UserMoocDialog user={userWithId(9)} open onClose={() => undefined} />, {
      permissions: ['update_roles'],
    });
    expect(await screen.findByRole('switch', { name: 'Accesso ai videocorsi' })).toBeEnabled();
  });
});
