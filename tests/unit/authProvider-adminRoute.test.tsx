import { act, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from '@mui/system';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../src/App';
import { startPortalPage } from '../../src/startPage';
import { authProvider } from '../../src/authProvider';
import { appTheme } from '../../src/theme';
import { mockApi, testConfig } from './renderWithApp';

/*
 * The /admin route in the app's BrowserRouter, whose navigations are React transitions.
 * The back-office itself is a stand-in here: react-admin reaches react-router through another
 * module instance under Vitest. What is checked is the route's contract: the back-office is
 * rendered only while there is a session, and leaves in the very render that follows its end —
 * a back-office left mounted until the navigation to / commits logs out in a loop (see
 * src/authProvider/session.ts). The real one is covered by tests/e2e/stale-token.spec.ts.
 */
vi.mock('../../src/admin/AdminApp', () => ({ default: () => <p>back-office</p> }));

const rejected = { status: 401, body: { message: 'Non autenticato' } };
const loginHeading = () => screen.findByRole('heading', { name: 'Accedi con il tuo account' });

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  const push = vi.spyOn(window.history, 'pushState');
  const replace = vi.spyOn(window.history, 'replaceState');
  startPortalPage(path);
  // Without renderApp.tsx's StrictMode, whose development-only second effect run would navigate twice.
  render(
    <BrowserRouter>
      <ThemeProvider theme={appTheme()}>
        <AppRoutes />
      </ThemeProvider>
    </BrowserRouter>,
  );
  // The router's own set-up replaces the state of the current entry, without a URL: not a navigation.
  return { navigations: () => [...push.mock.calls, ...replace.mock.calls].filter(([, , url]) => url != null).length };
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin with a token the server no longer accepts', () => {
  it.each(['/admin/users', '/admin', '/admin/teams/3'])(
    '%s: the login screen after one navigation, the token removed',
    async (path) => {
      localStorage.setItem('token', 'stale');
      const api = mockApi({ '/api/config': testConfig, '/api/user': rejected, '/api/user/permissions': rejected });
      const { navigations } = renderAppAt(path);

      expect(await loginHeading()).toBeInTheDocument();
      expect(window.location.pathname).toBe('/');
      expect(localStorage.getItem('token')).toBeNull();
      expect(navigations()).toBe(1);
      expect(api.mock.calls.filter(([url]) => url === '/api/user/permissions')).toHaveLength(1);
    },
  );
});

describe('the session ending while the back-office is shown', () => {
  it.each([
    [
      'a 401 from any API call',
      () => authProvider.checkError({ status: 401, url: '/api/teams' }).catch(() => undefined),
    ],
    ['signing out', () => authProvider.logout({})],
  ])('%s unmounts it, then the login screen', async (_, endSession) => {
    localStorage.setItem('token', 'valid');
    mockApi({
      '/api/config': testConfig,
      '/api/user/permissions': { data: ['read_teams'] },
      '/api/auth/logout': { status: 204 },
    });
    const { navigations } = renderAppAt('/admin/teams');
    expect(await screen.findByText('back-office')).toBeInTheDocument();

    await act(endSession);
    expect(screen.queryByText('back-office')).not.toBeInTheDocument();

    expect(await loginHeading()).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigations()).toBe(1);
  });
});
