import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SessionPage from '../../src/portal/team/SessionPage';
import { sessionContext } from '../../src/portal/team/rules';
import { apiError, makeUser, renderPortalPage, teamSessionReads } from './support/portalHarness';
import { makeSession, makeTeam } from './support/teamFixtures';

vi.mock('../../src/config/publicConfig', () => ({
  usePublicConfig: () => ({ data: { avatar_host: 'https://account.example.com' } }),
}));

const ownTeam = { id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null };

describe('session context rule', () => {
  const session = { teams: [{ id: 1, name: 'Verdevivo', avatar: null }] };

  it('uses the team in the route', () => {
    expect(sessionContext('4', [], session)).toEqual({ teamId: '4', expertView: false });
  });

  it("uses the user's own team of the session when the route has none", () => {
    expect(sessionContext(undefined, [{ id: 3 }, { id: 1 }], session)).toEqual({ teamId: 1, expertView: false });
  });

  it("treats a session with no team as the user's first team's", () => {
    expect(sessionContext(undefined, [{ id: 3 }], { teams: [] })).toEqual({ teamId: 3, expertView: false });
  });

  it("is the expert view when the user is not in the session's team", () => {
    expect(sessionContext(undefined, [{ id: 3 }], session)).toEqual({ teamId: null, expertView: true });
    expect(sessionContext(undefined, [], { teams: [] })).toEqual({ teamId: null, expertView: true });
  });
});

function sessionApi(session = makeSession()) {
  return {
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'sessions' && String(id) === String(session.id)) return { data: session };
      if (resource === 'teams' && String(id) === '1') return { data: makeTeam() };
      throw apiError(404);
    }),
    getTeamSessions: vi.fn(async () => ({ data: [session], total: 1 })),
    ...teamSessionReads({
      [`teams/1/sessions/${session.id}`]: { data: session },
      'teams/2/sessions/11': apiError(403),
    }),
  };
}

describe('Session page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T08:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the session of the user's own team with its team's side column", async () => {
    const api = sessionApi();
    renderPortalPage(<SessionPage />, {
      path: '/sessions/:sessionId',
      url: '/sessions/11',
      user: makeUser({ teams: [ownTeam] }),
      dataProvider: api,
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Revisione del business plan' })).toBeInTheDocument();
    // 09:30–10:30 UTC is 10:30–11:30 in Rome.
    expect(screen.getByText('martedì 17 novembre 2026, ore 10:30 – 11:30')).toBeInTheDocument();
    const meet = screen.getByRole('link', { name: /^Unisciti al Meet ?\(si apre in una nuova scheda\)$/ });
    expect(meet).toHaveAttribute('href', 'https://meet.google.com/abc-defg-hij');
    expect(meet).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Analisi dei numeri del primo anno.')).toBeInTheDocument();
    expect(screen.getByText(/Partecipa con Google Meet/)).toBeInTheDocument();

    const experts = screen.getByRole('region', { name: 'Esperti' });
    expect(experts).toHaveTextContent('Elena Esposito');
    expect(experts).toHaveTextContent('esperto@example.com');
    expect(experts).toHaveTextContent('+39 345 9876543');

    expect(await screen.findByRole('region', { name: 'Coordinatore' })).toHaveTextContent('Marco Rossi');
    expect(screen.queryByText('Accesso Esperto')).not.toBeInTheDocument();
    expect(api.getOne).toHaveBeenCalledWith('sessions', expect.objectContaining({ id: '11' }));
    // The calendar marks the session's day (in a deferred render once the team's sessions come).
    const calendar = screen.getByRole('table', { name: 'Novembre 2026' });
    await vi.waitFor(() =>
      expect(calendar.querySelector('[data-day="2026-11-17"]')).toHaveAttribute('data-has-session', 'true'),
    );
  });

  it('keeps a screen-tall placeholder while the session loads, so that the footer does not start in view', async () => {
    const api = sessionApi();
    api.getOne.mockReturnValue(new Promise<never>(() => undefined));
    renderPortalPage(<SessionPage />, {
      path: '/sessions/:sessionId',
      url: '/sessions/11',
      user: makeUser({ teams: [ownTeam] }),
      dataProvider: api,
    });

    expect(await screen.findByRole('status')).toHaveStyle({ minHeight: '100vh' });
  });

  it('reads the session through the team in the route', async () => {
    const api = sessionApi();
    renderPortalPage(<SessionPage />, {
      path: '/percorso/:teamId/sessions/:sessionId',
      url: '/percorso/1/sessions/11',
      user: makeUser({ is_expert: true }),
      dataProvider: api,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Revisione del business plan' })).toBeInTheDocument();
    expect(api.getTeamSession).toHaveBeenCalledWith('1', '11');
    expect(screen.queryByText('Accesso Esperto')).not.toBeInTheDocument();
  });

  it("shows the expert view when the user is not in the session's team", async () => {
    const session = makeSession({
      type: 'other',
      join_url: null,
      teams: [
        { id: 1, name: 'Verdevivo', avatar: null },
        { id: 3, name: 'Apicoltura Smart', avatar: null },
      ],
    });
    renderPortalPage(<SessionPage />, {
      path: '/sessions/:sessionId',
      url: '/sessions/11',
      user: makeUser({ is_expert: true, teams: [] }),
      dataProvider: sessionApi(session),
    });

    expect(await screen.findByRole('heading', { name: 'Accesso Esperto' })).toBeInTheDocument();
    expect(screen.getByText('Stai visualizzando questa sessione come esperto')).toBeInTheDocument();
    const startups = screen.getByRole('region', { name: 'Startup' });
    expect(within(startups).getByRole('link', { name: 'Apicoltura Smart' })).toHaveAttribute('href', '/percorso/3');
    expect(within(startups).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.queryByRole('link', { name: /^Unisciti al Meet ?\(si apre in una nuova scheda\)$/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Coordinatore' })).not.toBeInTheDocument();
  });

  it('says so when the session is refused or missing', async () => {
    renderPortalPage(<SessionPage />, {
      path: '/percorso/:teamId/sessions/:sessionId',
      url: '/percorso/2/sessions/11',
      user: makeUser(),
      dataProvider: sessionApi(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Non hai accesso a questa sessione.');
  });

  it('says "Sessione non trovata." for a missing session', async () => {
    renderPortalPage(<SessionPage />, {
      path: '/sessions/:sessionId',
      url: '/sessions/404',
      user: makeUser(),
      dataProvider: sessionApi(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessione non trovata.');
  });
});
