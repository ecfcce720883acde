import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useNavigate } from 'react-router';
import { AppRoutes } from '../../src/App';
import { CallbackPage } from '../../src/portal/CallbackPage';
import { Dashboard } from '../../src/portal/Dashboard';
import { Layout } from '../../src/portal/layout/Layout';
import { sidebarItems } from '../../src/portal/layout/sidebarItems';
import { usePageTitle } from '../../src/portal/layout/pageTitle';
import { LoginPage } from '../../src/portal/LoginPage';
import { apiFor, makeUser, mockApi, renderWithApp, testConfig } from './renderWithApp';
import { resetPublicConfig } from '../../src/config/publicConfig';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const team = { id: 7, name: 'Alfa', avatar: null, drive_url: 'https://drive.example.com/alfa', owner: null };

describe('sidebarItems', () => {
  it('a user without team, courses or permissions sees only Dashboard', () => {
    expect(sidebarItems(makeUser(), [])).toEqual([{ key: 'dashboard', to: '/dashboard' }]);
  });
  it('a team member sees Percorso for the first team and its Drive', () => {
    const items = sidebarItems(makeUser({ teams: [team, { ...team, id: 9 }] }), []);
    expect(items).toEqual([
      { key: 'dashboard', to: '/dashboard' },
      { key: 'percorso', to: '/percorso/7' },
      { key: 'drive', href: 'https://drive.example.com/alfa' },
    ]);
  });
  it('Videocorsi needs mooc_access; Admin needs any permission', () => {
    expect(sidebarItems(makeUser({ mooc_access: true }), []).map((i) => i.key)).toEqual(['dashboard', 'courses']);
    expect(sidebarItems(makeUser(), ['read_users']).map((i) => i.key)).toEqual(['dashboard', 'admin']);
    expect(sidebarItems(makeUser(), ['developer']).map((i) => i.key)).toEqual(['dashboard', 'admin']);
  });
});

describe('routing', () => {
  it('unauthenticated users on protected screens land on the login screen', async () => {
    apiFor(null);
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    // The first test of the file also loads the protected layout's module: allow for a slow machine.
    expect(
      await screen.findByRole('heading', { name: 'Accedi con il tuo account' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('logged-in users on / go to the dashboard', async () => {
    apiFor(makeUser());
    renderWithApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByText('Ciao, Mario')).toBeInTheDocument();
  });

  it('unknown paths say "Not found."', async () => {
    apiFor(null);
    renderWithApp(<AppRoutes />, { route: '/nope/nothing' });
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
  });

  it('an expired token (401 on GET /api/user) sends the user to /', async () => {
    localStorage.setItem('token', 'old');
    mockApi({
      '/api/config': testConfig,
      '/api/user': { status: 401, body: {} },
      '/api/user/permissions': { status: 401, body: {} },
    });
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Accedi con il tuo account' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('LoginPage', () => {
  it('shows the texts, the provider button and the footer links', async () => {
    apiFor(null);
    renderWithApp(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Accedi con il tuo account' })).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Accedi con Incubatore' });
    expect(button).toBeEnabled();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    const privacy = screen.getByRole('link', { name: /^Privacy Policy ?\(si apre in una nuova scheda\)$/ });
    expect(privacy).toHaveAttribute('href', testConfig.privacy_url);
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('link', { name: 'Termini e condizioni' })).toBeInTheDocument();
  });

  it('on a page that came with the configuration, is ready at its first render without asking for it', () => {
    const fetchMock = apiFor(null);
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'percorso-config';
    carried.textContent = JSON.stringify({ ...testConfig, provider_label: 'Percorso ID' });
    document.head.append(carried);
    try {
      renderWithApp(<LoginPage />);
      // No waiting: the provider's name and the enabled button are in the very first render.
      expect(screen.getByRole('button', { name: 'Accedi con Percorso ID' })).toBeEnabled();
      expect(screen.getByText(/necessario un account Percorso ID\./)).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/config');
    } finally {
      carried.remove();
      resetPublicConfig();
    }
  });

  it('the button leaves for the provider', async () => {
    apiFor(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      origin: 'http://localhost:3000',
    } as Location);
    renderWithApp(<LoginPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accedi con Incubatore' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0][0]);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('percorso');
  });
});

describe('CallbackPage', () => {
  const callbackRoutes = [
    <Route key="d" path="/dashboard" element={<p>dashboard!</p>} />,
    <Route key="h" path="/" element={<p>home</p>} />,
  ];

  it('without code: "Invalid request."', () => {
    apiFor(null);
    window.history.replaceState(null, '', '/auth/callback');
    renderWithApp(<CallbackPage />, { route: '/auth/callback', path: '/auth/callback' });
    expect(screen.getByText('Invalid request.')).toBeInTheDocument();
  });

  it('waits, exchanges the code and goes to the dashboard', async () => {
    sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S' }));
    window.history.replaceState(null, '', '/auth/callback?code=OK1&state=S');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({ '/api/config': testConfig, '/api/auth/callback': { access_token: 'NEW' } });
    const base = api.getMockImplementation()!;
    api.mockImplementation(async (url: string) => {
      if (url === '/api/auth/callback') await gate;
      return base(url);
    });
    renderWithApp(<CallbackPage />, {
      route: '/auth/callback?code=OK1&state=S',
      path: '/auth/callback',
      extraRoutes: callbackRoutes,
    });
    expect(screen.getByText('Attendere...')).toBeInTheDocument();
    expect(screen.getByText('Stiamo verificando le informazioni di login...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('dashboard!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('NEW');
  });

  it('a failed exchange shows the error screen with "Riprova"', async () => {
    sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S' }));
    window.history.replaceState(null, '', '/auth/callback?code=BAD&state=S');
    mockApi({ '/api/config': testConfig, '/api/auth/callback': { status: 400, body: { message: 'no' } } });
    renderWithApp(<CallbackPage />, {
      route: '/auth/callback?code=BAD&state=S',
      path: '/auth/callback',
      extraRoutes: callbackRoutes,
    });
    expect(await screen.findByRole('heading', { name: 'Errore' })).toBeInTheDocument();
    expect(screen.getByText('Si è verificato un errore durante il login. Riprova più tardi.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /^Privacy Policy ?\(si apre in una nuova scheda\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Termini e condizioni' })).toBeInTheDocument();
    // A failure that is not the person's to fix adds no line.
    expect(screen.queryByTestId('callback-reason')).toBeNull();
  });

  it("adds one Italian line with the reason when it is the person's to act on", async () => {
    sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S' }));
    window.history.replaceState(null, '', '/auth/callback?code=NI&state=S');
    mockApi({
      '/api/config': testConfig,
      '/api/auth/callback': { status: 422, body: { message: 'x', errors: { code: ['x'] }, reason: 'not_invited' } },
    });
    renderWithApp(<CallbackPage />, {
      route: '/auth/callback?code=NI&state=S',
      path: '/auth/callback',
      extraRoutes: callbackRoutes,
    });
    expect(await screen.findByRole('heading', { name: 'Errore' })).toBeInTheDocument();
    expect(screen.getByTestId('callback-reason')).toHaveTextContent(/chiedi al tuo referente di invitarti/);
    expect(screen.getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['email_missing', 422, 'Il provider di identità non ha fornito un indirizzo email.'],
    ['demo_disabled', 422, 'Gli account dimostrativi sono disattivati: accedi con il tuo account personale.'],
    ['email_taken', 422, 'Questo indirizzo email è già collegato a un altro account del provider di identità.'],
    ['code_refused', 422, 'Il codice di accesso non è valido, è scaduto o è già stato utilizzato: riprova.'],
    ['provider_error', 422, "Il provider di identità non ha completato l'accesso."],
    ['provider_unavailable', 503, 'Il provider di identità non risponde. Riprova più tardi.'],
    [
      'client_rejected',
      503,
      "Il provider di identità non ha accettato Percorso: l'amministratore deve controllarne la configurazione.",
    ],
  ])('shows the reason of a %s refusal on the screen, as the one alert', async (reason, status, text) => {
    sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S' }));
    const route = `/auth/callback?code=R-${reason}&state=S`;
    window.history.replaceState(null, '', route);
    mockApi({
      '/api/config': testConfig,
      '/api/auth/callback': { status, body: { message: 'x', reason } },
    });
    renderWithApp(<CallbackPage />, { route, path: '/auth/callback', extraRoutes: callbackRoutes });
    expect(await screen.findByRole('heading', { name: 'Errore' })).toBeInTheDocument();
    expect(screen.getByTestId('callback-reason')).toHaveTextContent(text);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('a provider\'s error leads to the error screen with its reason, not "Invalid request."', async () => {
    sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S' }));
    const route = '/auth/callback?error=access_denied&error_description=The+user+said+no&state=S';
    window.history.replaceState(null, '', route);
    mockApi({
      '/api/config': testConfig,
      '/api/auth/callback': { status: 422, body: { message: 'x', errors: { code: ['x'] }, reason: 'access_denied' } },
    });
    renderWithApp(<CallbackPage />, { route, path: '/auth/callback', extraRoutes: callbackRoutes });
    expect(await screen.findByRole('heading', { name: 'Errore' })).toBeInTheDocument();
    expect(screen.getByText('Si è verificato un errore durante il login. Riprova più tardi.')).toBeInTheDocument();
    expect(screen.getByTestId('callback-reason')).toHaveTextContent(
      "L'accesso è stato negato dal provider di identità.",
    );
    expect(screen.queryByText('Invalid request.')).toBeNull();
    expect(screen.queryByText(/The user said no/)).toBeNull();
  });

  it('offers no privacy link when none is known', async () => {
    sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S' }));
    window.history.replaceState(null, '', '/auth/callback?code=X&state=S');
    mockApi({
      '/api/config': { ...testConfig, privacy_url: null },
      '/api/auth/callback': { status: 422, body: { message: 'x' } },
    });
    renderWithApp(<CallbackPage />, {
      route: '/auth/callback?code=X&state=S',
      path: '/auth/callback',
      extraRoutes: callbackRoutes,
    });
    expect(await screen.findByRole('heading', { name: 'Errore' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Privacy Policy/ })).toBeNull();
  });
});

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      vai
    </button>
  );
}

describe('Layout', () => {
  const renderLayout = (user = makeUser(), permissions: string[] = []) => {
    apiFor(user, permissions);
    return renderWithApp(<Layout />, {
      route: '/dashboard',
      path: '/',
      extraRoutes: [
        <Route key="l" element={<Layout />}>
          <Route path="/dashboard" element={<GoTo to="/courses" />} />
          <Route path="/courses" element={<p>corsi</p>} />
        </Route>,
      ],
    });
  };

  it('has header, navigation and main landmarks and the user menu', async () => {
    renderLayout(makeUser({ teams: [team], mooc_access: true }), ['read_teams']);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const menuButton = await screen.findByRole('button', { name: /Mario Rossi/ });
    await userEvent.click(menuButton);
    const menu = screen.getByRole('menu');
    const profile = within(menu).getByRole('menuitem', { name: /^Gestione profilo/ });
    expect(profile).toHaveAttribute('href', testConfig.account_url);
    expect(profile).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('the slide-in menu shows the conditional items and closes on route change', async () => {
    renderLayout(makeUser({ teams: [team], mooc_access: true }), ['read_teams']);
    await userEvent.click(screen.getByRole('button', { name: 'Apri il menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(await within(nav).findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'Percorso' })).toHaveAttribute('href', '/percorso/7');
    expect(within(nav).getByRole('link', { name: /Drive/ })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Videocorsi' })).toHaveAttribute('href', '/courses');
    await userEvent.click(within(nav).getByRole('link', { name: 'Videocorsi' }));
    expect(await screen.findByText('corsi')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Navigazione principale' })).not.toBeInTheDocument(),
    );
  });

  it('shows the title a page sets in the h1, without rendering that page again', async () => {
    apiFor(makeUser());
    let renders = 0;
    function NamedPage() {
      renders += 1;
      usePageTitle('Videocorsi');
      return <p>corsi</p>;
    }
    renderWithApp(<Layout />, {
      route: '/courses',
      path: '/',
      extraRoutes: [
        <Route key="l" element={<Layout />}>
          <Route path="/courses" element={<NamedPage />} />
        </Route>,
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Videocorsi' })).toBeInTheDocument();
    await screen.findByRole('button', { name: /Mario Rossi/ });
    expect(renders).toBe(1);
  });

  it('logout removes the token and goes to /', async () => {
    const api = renderLayout();
    void api;
    await userEvent.click(await screen.findByRole('button', { name: /Mario Rossi/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});

describe('Dashboard', () => {
  it('a member with a team sees the Percorso and Drive cards', async () => {
    apiFor(makeUser({ teams: [team] }));
    renderWithApp(<Dashboard />);
    expect(await screen.findByText('Ciao, Mario')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accedi al percorso' })).toHaveAttribute('href', '/percorso/7');
    const drive = screen.getByRole('link', { name: /^Accedi al Drive ?\(si apre in una nuova scheda\)$/ });
    expect(drive).toHaveAttribute('href', team.drive_url);
    expect(drive).toHaveAttribute('target', '_blank');
  });

  it('a user without a team is told so', async () => {
    apiFor(makeUser());
    renderWithApp(<Dashboard />);
    expect(await screen.findByText('Non fai parte di un progetto.')).toBeInTheDocument();
    expect(screen.getByText('Se credi che sia un errore, contatta il tuo coordinatore.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accedi al percorso' })).not.toBeInTheDocument();
  });

  it('an expert sees startups and sessions in fixed-height scrolling lists', async () => {
    apiFor(
      makeUser({
        is_expert: true,
        expert_access: 'limited',
        teams_as_expert: [
          { id: 3, name: 'Beta', avatar: null, sessions_as_expert: 2 },
          { id: 4, name: 'Agrisense', avatar: null, sessions_as_expert: 0 },
        ],
        sessions_as_expert: [
          { id: 11, name: 'Pitch', start_time: '2024-07-01T08:00:00Z', teams: [{ id: 3, name: 'Beta' }] },
          { id: 12, name: 'Plenaria', start_time: '2024-01-10T14:00:00Z', teams: [] },
          { id: 13, name: 'Plenaria', start_time: '2024-02-10T14:00:00Z', teams: [] },
        ],
      }),
    );
    renderWithApp(<Dashboard />);
    expect(await screen.findByText('Sei un esperto')).toBeInTheDocument();
    expect(
      screen.getByText('Puoi accedere a più startup e visionare le sessioni in arrivo per te.'),
    ).toBeInTheDocument();
    const startups = screen.getByRole('list', { name: 'Startup' });
    expect(within(startups).getByText('Sessioni con il team: 2')).toBeInTheDocument();
    expect(within(startups).getByRole('link', { name: 'Accedi a Beta' })).toHaveAttribute('href', '/percorso/3');
    expect(within(startups).getByRole('link', { name: 'Accedi ad Agrisense' })).toHaveAttribute('href', '/percorso/4');
    expect(startups).toHaveStyle({ height: '280px', overflowY: 'auto' });
    const sessions = screen.getByRole('list', { name: 'Sessioni' });
    expect(within(sessions).getByText('01/07/2024, 10:00')).toBeInTheDocument();
    expect(within(sessions).getAllByText('Tutte le startup')).toHaveLength(2);
    // Two sessions of the same name: each link says which by its date.
    expect(within(sessions).getByRole('link', { name: 'Accedi a Plenaria, 10/01/2024, 15:00' })).toHaveAttribute(
      'href',
      '/sessions/12',
    );
    expect(within(sessions).getByRole('link', { name: 'Accedi a Plenaria, 10/02/2024, 15:00' })).toHaveAttribute(
      'href',
      '/sessions/13',
    );
    expect(sessions).toHaveStyle({ height: '280px' });
  });
});
