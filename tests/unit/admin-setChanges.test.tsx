import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withSetChanges } from '../../src/admin/common/setChanges';
import { UserRolesDialog } from '../../src/admin/users/UserRolesDialog';
import type { AdminUser } from '../../server/src/contract';
import { renderAdmin, testDataProvider } from './support/adminHarness';

describe('the roles a "Permessi" dialog saves', () => {
  it('are its own changes applied to the roles held now', () => {
    // Opened with 1 and 2; 2 cleared, 3 ticked; meanwhile someone else gave 4 and took 1 away.
    expect(withSetChanges([1, 2], [1, 3], [2, 4])).toEqual([4, 3]);
    expect(withSetChanges([1], [1], [1, 5])).toEqual([1, 5]);
    expect(withSetChanges([], [7], [7])).toEqual([7]);
  });

  it('keep a role someone else gave since the list loaded', async () => {
    const roles = [
      { id: 1, name: 'Coordinatore', permissions: [] },
      { id: 2, name: 'Esperto', permissions: [] },
      { id: 3, name: 'Mentor', permissions: [] },
    ];
    const user = {
      id: 9,
      name: 'Paola',
      surname: 'Rinaldi',
      roles: [{ id: 1, name: 'Coordinatore' }],
    } as unknown as AdminUser;
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

  it('keep the boxes ticked while the list under the dialog loads again', async () => {
    const roles = [
      { id: 1, name: 'Coordinatore', permissions: [] },
      { id: 2, name: 'Esperto', permissions: [] },
      { id: 3, name: 'Mentor', permissions: [] },
    ];
    const loaded = {
      id: 9,
      name: 'Paola',
      surname: 'Rinaldi',
      roles: [{ id: 1, name: 'Coordinatore' }],
    } as unknown as AdminUser;
    // The list loads again while the dialog is open, with "Mentor" given by someone else.
    const reloaded = { ...loaded, roles: [...loaded.roles, { id: 3, name: 'Mentor' }] } as AdminUser;
    const setUserRoles = vi.fn(async () => ({ data: reloaded }));
    const dataProvider = testDataProvider(roles, {
      getOne: vi.fn(async () => ({ data: reloaded })) as never,
      setUserRoles,
    } as never);
    function UnderAList() {
      const [user, setUser] = useState(loaded);
      return (
        <>
          <button onClick={() => setUser(reloaded)}>list reloaded</button>
          <UserRolesDialog user={user} open onClose={() => undefined} />
        </>
      );
    }
    renderAdmin(<UnderAList />, { dataProvider });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Esperto' }));
    fireEvent.click(screen.getByText('list reloaded'));
    expect(screen.getByRole('checkbox', { name: 'Esperto' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(setUserRoles).toHaveBeenCalledWith(9, [1, 3, 2]));
  });
});

describe('the teams a session "Team" dialog saves', () => {
  it('keep a team someone else added since the list loaded', async () => {
    const { SessionTeamsDialog } = await import('../../src/admin/sessions/SessionTeamsDialog');
    const session = {
      id: 4,
      name: 'Pitch day',
      teams: [
        { id: 1, name: 'Agrisense' },
        { id: 2, name: 'Botteghe' },
      ],
    };
    const setSessionTeams = vi.fn(async () => ({ data: session }));
    const dataProvider = testDataProvider([], {
      getOne: vi.fn(async () => ({
        data: { ...session, teams: [...session.teams, { id: 3, name: 'Casa Verde' }] },
      })) as never,
      setSessionTeams,
    } as never);
    renderAdmin(<SessionTeamsDialog session={session} open onClose={() => undefined} />, { dataProvider });
    const botteghe = (await screen.findByText('Botteghe')).closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(botteghe.querySelector('.MuiChip-deleteIcon')!);
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(setSessionTeams).toHaveBeenCalledWith(4, [1, 3]));
  });

  it('keep the teams taken away while the list under the dialog loads again', async () => {
    const { SessionTeamsDialog } = await import('../../src/admin/sessions/SessionTeamsDialog');
    const loaded = {
      id: 4,
      name: 'Pitch day',
      teams: [
        { id: 1, name: 'Agrisense' },
        { id: 2, name: 'Botteghe' },
      ],
    };
    const reloaded = { ...loaded, teams: [...loaded.teams, { id: 3, name: 'Casa Verde' }] };
    const setSessionTeams = vi.fn(async () => ({ data: reloaded }));
    const dataProvider = testDataProvider([], {
      getOne: vi.fn(async () => ({ data: reloaded })) as never,
      setSessionTeams,
    } as never);
    function UnderAList() {
      const [session, setSession] = useState(loaded);
      return (
        <>
          <button onClick={() => setSession(reloaded)}>list reloaded</button>
          <SessionTeamsDialog session={session} open onClose={() => undefined} />
        </>
      );
    }
    renderAdmin(<UnderAList />, { dataProvider });
    const botteghe = (await screen.findByText('Botteghe')).closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(botteghe.querySelector('.MuiChip-deleteIcon')!);
    fireEvent.click(screen.getByText('list reloaded'));
    expect(screen.queryByText('Botteghe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(setSessionTeams).toHaveBeenCalledWith(4, [1, 3]));
  });
});
