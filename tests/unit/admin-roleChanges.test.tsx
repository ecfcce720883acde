import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withRoleChanges } from '../../src/admin/users/roleChanges';
import { UserRolesDialog } from '../../src/admin/users/UserRolesDialog';
import type { AdminUser } from '../../server/src/schemas/contract';
import { renderAdmin, testDataProvider } from './support/adminHarness';

describe('the roles a "Permessi" dialog saves', () => {
  it('are its own changes applied to the roles held now', () => {
    // Opened with 1 and 2; 2 cleared, 3 ticked; meanwhile someone else gave 4 and took 1 away.
    expect(withRoleChanges([1, 2], [1, 3], [2, 4])).toEqual([4, 3]);
    expect(withRoleChanges([1], [1], [1, 5])).toEqual([1, 5]);
    expect(withRoleChanges([], [7], [7])).toEqual([7]);
  });

  it('keep a role someone else gave since the list loaded', async () => {
    const roles = [
      { id: 1, name: 'Coordinatore', permissions: [] },
      { id: 2, name: 'Esperto', permissions: [] },
      { id: 3, name: 'Mentor', permissions: [] },
    ];
    const user = { id: 9, name: 'Paola', surname: 'Rinaldi', roles: [{ id: 1, name: 'Coordinatore' }] } as unknown as AdminUser;
    const setUserRoles = vi.fn(async () => ({ data: user }));
    const dataProvider = testDataProvider(roles, {
      // Since the list loaded, someone else gave "Mentor".
      getOne: vi.fn(async () => ({ data: { ...user, roles: [...user.roles, { id: 3, name: 'Mentor' }] } })) as never,
      setUserRoles,
    } as never);
    renderAdmin(<UserRolesDialog user={user} open onClose={() => undefined} />, { dataProvider });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Esperto' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(setUserRoles).toHaveBeenCalledWith(9, [1, 3, 2]));
  });
});
