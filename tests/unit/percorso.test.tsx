import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PercorsoPage from '../../src/portal/team/PercorsoPage';
import { canEditTeam, sessionHref } from '../../src/portal/team/rules';
import { i18nProvider } from '../../src/i18n';
import { apiError, makeUser, renderPortalPage, teamSessionReads } from './support/portalHarness';
import { makeSession, makeTeam } from './support/teamFixtures';

vi.mock('../../src/config/publicConfig', () => ({
  usePublicConfig: () => ({ data: { avatar_host: 'https://account.example.com' } }),
}));

describe('member count', () => {
  it('is singular for one member and plural otherwise', () => {
    const memberCount = (count: number) => i18nProvider.translate('app.team.members_count', { smart_count: count });
    expect(memberCount(1)).toBe('1 membro');
    expect(memberCount(2)).toBe('2 membri');
    expect(memberCount(0)).toBe('0 membri');
  });
});

describe('session link rule', () => {
  it("links to /sessions/{id} from the user's own team", () => {
    expect(sessionHref(11, 1, [{ id: 1 }])).toBe('/sessions/11');
    expect(sessionHref(11, '1', [{ id: 1 }])).toBe('/sessions/11');
  });

  it('links to /percorso/{teamId}/sessions/{id} from any other team', () => {
    expect(sessionHref(11, 4, [{ id: 1 }])).toBe('/percorso/4/sessions/11');
    expect(sessionHref(11, 4, [])).toBe('/percorso/4/sessions/11');
    expect(sessionHref(11, 4, undefined)).toBe('/percorso/4/sessions/11');
  });
});

describe('team editing rule', () => {
  it('lets members and update_teams holders edit', () => {
    expect(canEditTeam([{ id: 1 }], 1, false)).toBe(true);
    expect(canEditTeam([], 1, true)).toBe(true);
    expect(canEditTeam([{ id: 2 }], 1, false)).toBe(false);
  });
});

function teamApi(overrides: Record<string, unknown> = {}) {
  const team = makeTeam();
  const next = makeSession();
  const later = makeSession({
    id: 12,
    name: 'Pitch day',
    type: 'other',
    join_url: null,
    start_time: '2026-11-24T14:00:00.000Z',
    end_time: null,
  });
  const sessionReads = teamSessionReads({
    'teams/1/sessions/next': { data: next },
    'teams/1/sessions/upcoming': { data: [next, later] },
    ...overrides,
  });
  return {
    getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => {
      const answer = overrides[`teams/${id}`] ?? (String(id) === '1' ? { data: team } : apiError(404));
      if (answer instanceof Error) throw answer;
      return answer as { data: unknown };
    }),
    update: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...team, ...data },
    })),
    getTeamSessions: vi.fn(async () => ({ data: [next, later], total: 2 })),
    ...sessionReads,
    uploadImage: vi.fn(),
  };
}

describe('Percorso page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T08:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the team, the tiles, the upcoming appointments with own-team links, and the side column', async () => {
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: teamApi(),
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Verdevivo' })).toBeInTheDocument();
    expect(screen.getByText('3 membri')).toBeInTheDocument();
    expect(screen.getByText('Orti verticali per le scuole.')).toBeInTheDocument();

    const drive = screen.getByRole('link', { name: /^Apri la cartella ?\(si apre in una nuova scheda\)$/ });
    expect(drive).toHaveAttribute('href', 'https://drive.google.com/drive/folders/verdevivo');
    expect(drive).toHaveAttribute('target', '_blank');
    // 09:30 UTC is 10:30 in Rome.
    expect(await screen.findByText('17/11/2026, 10:30')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Vai ai videocorsi' })).toHaveAttribute('href', '/courses');

    const upcoming = screen.getByRole('region', { name: 'Prossimi appuntamenti' });
    // (The list renders in a deferred render once its request has answered.)
    expect(await within(upcoming).findByRole('link', { name: 'Revisione del business plan' })).toHaveAttribute(
      'href',
      '/sessions/11',
    );
    expect(within(upcoming).getByRole('link', { name: 'Pitch day' })).toHaveAttribute('href', '/sessions/12');
    expect(within(upcoming).getByText(/martedì 24 novembre 2026, ore 15:00/)).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Coordinatore' })).toHaveTextContent('Marco Rossi');
    expect(screen.getByRole('region', { name: 'Coordinatore' })).toHaveTextContent('+39 333 1234567');
    expect(within(screen.getByRole('region', { name: 'Membri del team' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Tecnonidi/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('table', { name: 'Novembre 2026' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Modifica descrizione' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifica logo' })).toBeInTheDocument();
  });

  it('links sessions through the team path for someone outside the team, without edit buttons', async () => {
    const expert = makeUser({ is_expert: true, teams: [] });
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: expert,
      dataProvider: teamApi(),
    });

    const upcoming = await screen.findByRole('region', { name: 'Prossimi appuntamenti' });
    expect(await within(upcoming).findByRole('link', { name: 'Pitch day' })).toHaveAttribute(
      'href',
      '/percorso/1/sessions/12',
    );
    expect(screen.queryByRole('button', { name: 'Modifica descrizione' })).not.toBeInTheDocument();
  });

  it('says so in the video courses tile, rather than linking, to someone without access to them', async () => {
    const expert = makeUser({ is_expert: true, teams: [], mooc_access: false });
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: expert,
      dataProvider: teamApi(),
    });
    expect(await screen.findByText('Il tuo account non ha accesso ai videocorsi.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vai ai videocorsi' })).not.toBeInTheDocument();
  });

  it('offers editing to holders of update_teams', async () => {
    const admin = makeUser({ teams: [] });
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: admin,
      permissions: ['update_teams'],
      dataProvider: teamApi(),
    });
    expect(await screen.findByRole('button', { name: 'Modifica descrizione' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const api = teamApi({ 'teams/1/sessions/next': { data: null }, 'teams/1/sessions/upcoming': { data: [] } });
    api.getOne.mockResolvedValue({ data: makeTeam({ members_count: 1, members: [], owner: null }) });
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: api,
    });

    expect(await screen.findByText('1 membro')).toBeInTheDocument();
    expect(await screen.findByText('Nessun appuntamento in programma')).toBeInTheDocument();
    expect(await screen.findByText('Non ci sono appuntamenti in programma')).toBeInTheDocument();
    expect(screen.getByText('Se hai dubbi, contatta il tuo coordinatore')).toBeInTheDocument();
    expect(screen.getByText('Nessun membro trovato')).toBeInTheDocument();
  });

  it('says so when the team is refused or missing', async () => {
    const outsider = makeUser({ teams: [] });
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: outsider,
      dataProvider: teamApi({ 'teams/1': apiError(403) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Non hai accesso a questo team.');
    expect(screen.getByRole('link', { name: 'Torna alla dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says "Team non trovato." for a missing team', async () => {
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/99',
      user: makeUser(),
      dataProvider: teamApi(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Team non trovato.');
    expect(screen.getByRole('link', { name: 'Torna alla dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers no way out of a load that failed for another reason: it may pass on the next try', async () => {
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: makeUser(),
      dataProvider: teamApi({ 'teams/1': apiError(500) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare il team. Riprova più tardi.');
    expect(screen.queryByRole('link', { name: 'Torna alla dashboard' })).toBeNull();
  });

  it('paints the next appointment while the whole lists are still on their way', async () => {
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const never = new Promise<never>(() => undefined);
    const api = teamApi();
    api.getUpcomingTeamSessions.mockReturnValue(never);
    api.getTeamSessions.mockReturnValue(never);
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: api,
    });

    expect(await screen.findByText('17/11/2026, 10:30')).toBeInTheDocument();
    // The team's lists were asked together with the team, not after it.
    expect(api.getUpcomingTeamSessions).toHaveBeenCalledWith('1', 10000, ['id', 'name', 'start_time', 'type']);
    expect(api.getTeamSessions).toHaveBeenCalled();
  });

  it('keeps a screen-tall placeholder while the team loads, so that the footer does not start in view', async () => {
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const api = teamApi();
    api.getOne.mockReturnValue(new Promise<never>(() => undefined));
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: api,
    });

    expect(await screen.findByRole('status')).toHaveStyle({ minHeight: '100vh' });
  });

  it('paints the team once the user and their permissions are known: no edit button nor courses tile appears or changes later', async () => {
    const member = makeUser({
      mooc_access: false,
      teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }],
    });
    let answerPermissions: (names: string[]) => void = () => undefined;
    const permissions = new Promise<string[]>((resolve) => (answerPermissions = resolve));
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      permissions,
      dataProvider: teamApi(),
    });

    expect(await screen.findByRole('status')).toHaveStyle({ minHeight: '100vh' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Verdevivo' })).not.toBeInTheDocument();

    answerPermissions(['read_courses']);
    expect(await screen.findByRole('heading', { name: 'Verdevivo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifica descrizione' })).toBeInTheDocument();
    expect(screen.queryByText('Il tuo account non ha accesso ai videocorsi.')).not.toBeInTheDocument();
  });

  it('paints a member with course access without waiting for their permissions: their own record settles the page', async () => {
    const member = makeUser({
      mooc_access: true,
      teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }],
    });
    const permissions = new Promise<string[]>(() => undefined);
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      permissions,
      dataProvider: teamApi(),
    });

    expect(await screen.findByRole('heading', { name: 'Verdevivo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifica descrizione' })).toBeInTheDocument();
    expect(screen.queryByText('Il tuo account non ha accesso ai videocorsi.')).not.toBeInTheDocument();
  });

  it('reserves the lines of the next appointment while it loads', async () => {
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const api = teamApi();
    api.getNextTeamSession.mockReturnValue(new Promise<never>(() => undefined));
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: api,
    });

    const tiles = await screen.findByRole('region', { name: 'Collegamenti rapidi' });
    const loading = within(tiles).getByText('Caricamento…');
    // The time's line (body1), then the name's line, and below them the button, as when the
    // appointment is there.
    expect(loading).toHaveStyle({ minHeight: 'calc(1rem * 1.5)' });
    const [nameLine, button] = [loading.nextElementSibling, loading.parentElement?.nextElementSibling];
    expect(nameLine).toHaveClass('MuiTypography-body2');
    expect(button).toHaveTextContent("Vedi l'appuntamento");
    expect(button).not.toBeVisible();
    expect(within(tiles).queryByRole('button', { name: "Vedi l'appuntamento" })).not.toBeInTheDocument();
    expect(within(tiles).queryByRole('link', { name: "Vedi l'appuntamento" })).not.toBeInTheDocument();
  });

  it('renders hundreds of upcoming appointments in steps, as one list that is busy until complete', async () => {
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const many = Array.from({ length: 300 }, (_, index) =>
      makeSession({
        id: 100 + index,
        name: `Sessione ${index + 1}`,
        start_time: new Date(Date.UTC(2026, 10, 20, 9) + index * 3_600_000).toISOString(),
      }),
    );
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: teamApi({ 'teams/1/sessions/upcoming': { data: many } }),
    });

    const upcoming = await screen.findByRole('region', { name: 'Prossimi appuntamenti' });
    const list = await within(upcoming).findByRole('list');
    expect(list.querySelectorAll(':scope > li').length).toBeLessThan(300);
    expect(list).toHaveAttribute('aria-busy', 'true');
    // (querySelectorAll: role queries over hundreds of nodes are slow in jsdom.)
    await vi.waitFor(() => expect(list.querySelectorAll(':scope > li')).toHaveLength(300), { timeout: 15_000 });
    expect(list).not.toHaveAttribute('aria-busy');
    const links = list.querySelectorAll('a');
    expect(links[0]).toHaveTextContent('Sessione 1');
    expect(links[299]).toHaveTextContent('Sessione 300');
  }, 20_000);

  it('saves the description alone, so that a rename or a new coordinator set meanwhile stays', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const api = teamApi();
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: api,
    });

    await user.click(await screen.findByRole('button', { name: 'Modifica descrizione' }));
    const field = await screen.findByRole('textbox', { name: 'Descrizione' });
    await user.clear(field);
    await user.type(field, 'Nuova descrizione');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(api.update).toHaveBeenCalledWith(
      'teams',
      expect.objectContaining({ id: 1, data: { description: 'Nuova descrizione' } }),
    );
    expect(await screen.findByText('Nuova descrizione')).toBeInTheDocument();
    // Closing fades the dialog out before it leaves the document.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('keeps the description dialog open with the field error on failure', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const member = makeUser({ teams: [{ id: 1, name: 'Verdevivo', avatar: null, drive_url: null, owner: null }] });
    const api = teamApi();
    api.update.mockRejectedValue(
      Object.assign(apiError(422), {
        body: { message: 'Dati non validi', errors: { description: 'La descrizione è troppo lunga.' } },
      }),
    );
    renderPortalPage(<PercorsoPage />, {
      path: '/percorso/:teamId',
      url: '/percorso/1',
      user: member,
      dataProvider: api,
    });

    await user.click(await screen.findByRole('button', { name: 'Modifica descrizione' }));
    await user.click(await screen.findByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('La descrizione è troppo lunga.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 15_000);
});
