import type { Session, Team } from '../../../src/portal/team/types';

export const coordinator = {
  id: 2,
  name: 'Marco',
  surname: 'Rossi',
  email: 'marco.rossi@example.com',
  mobile: '+39 333 1234567',
  avatar: null,
};

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 1,
    name: 'Verdevivo',
    description: 'Orti verticali per le scuole.',
    avatar: null,
    drive_url: 'https://drive.google.com/drive/folders/verdevivo',
    owner_id: coordinator.id,
    owner: coordinator,
    members_count: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    members: [
      {
        id: 7,
        name: 'Giulia',
        surname: 'Bianchi',
        email: 'membro@example.com',
        mobile: null,
        avatar: null,
        joined_at: '2026-01-01T00:00:00.000Z',
      },
      {
        id: 8,
        name: 'Luca',
        surname: 'Verdi',
        email: 'luca.verdi@example.com',
        mobile: '+39 320 0000000',
        avatar: null,
        joined_at: '2026-01-01T00:00:00.000Z',
      },
      {
        id: 9,
        name: 'Sara',
        surname: 'Neri',
        email: 'sara.neri@example.com',
        mobile: null,
        avatar: null,
        joined_at: '2026-01-01T00:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 11,
    name: 'Revisione del business plan',
    type: 'meet',
    description: 'Analisi dei numeri del primo anno.',
    // 09:30 UTC = 10:30 in Rome (winter time).
    start_time: '2026-11-17T09:30:00.000Z',
    end_time: '2026-11-17T10:30:00.000Z',
    join_instructions: 'Partecipa con Google Meet: https://meet.google.com/abc-defg-hij',
    join_url: 'https://meet.google.com/abc-defg-hij',
    created_at: '2026-10-01T00:00:00.000Z',
    team_id: 1,
    teams: [{ id: 1, name: 'Verdevivo', avatar: null }],
    experts: [
      {
        id: 5,
        name: 'Elena',
        surname: 'Esposito',
        email: 'esperto@example.com',
        mobile: '+39 345 9876543',
        avatar: null,
      },
    ],
    ...overrides,
  };
}
