import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { CoreAdminContext, memoryStore } from 'ra-core';
import { vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { backOfficeDataProvider as dataProvider } from '../../src/dataProvider/backOffice';
import { i18nProvider } from '../../src/i18n';
import { appTheme } from '../../src/theme';
import type { PublicConfig, User } from '../../server/src/contract';

export const testConfig: PublicConfig = {
  authorize_url: 'http://localhost:3000/idp/auth',
  client_id: 'percorso',
  redirect_uri: 'http://localhost:3000/auth/callback',
  scope: 'openid email profile',
  provider_label: 'Incubatore',
  account_url: 'https://account.example.com/profile',
  privacy_url: 'https://example.com/privacy',
  avatar_host: 'https://account.example.com',
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Mario',
    surname: 'Rossi',
    email: 'mario@example.com',
    tax_id: null,
    birthdate: null,
    created_at: '2024-01-01T00:00:00Z',
    avatar: null,
    mobile: null,
    courses_percentage: 0,
    is_expert: false,
    expert_access: null,
    mooc_access: false,
    roles: [],
    teams: [],
    teams_as_expert: [],
    sessions_as_expert: [],
    calendar_feed_url: 'http://localhost:3000/api/calendar/feed.ics',
    ...overrides,
  };
}

/** A fetch stub answering by path: `{ '/api/user': {status, body} }`; unknown paths answer 404. */
export function mockApi(routes: Record<string, { status?: number; body?: unknown } | unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.split('?')[0];
    const entry = routes[path] as { status?: number; body?: unknown } | undefined;
    if (entry === undefined) return new Response('{"message":"Not found"}', { status: 404 });
    const isSpec = entry && typeof entry === 'object' && ('status' in entry || 'body' in entry);
    const status = isSpec ? (entry.status ?? 200) : 200;
    const body = isSpec ? entry.body : entry;
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function apiFor(user: User | null, permissions: string[] = []) {
  if (user) localStorage.setItem('token', 'test-token');
  return mockApi({
    '/api/config': testConfig,
    '/api/user': user ? { data: user } : { status: 401, body: { message: 'Non autenticato' } },
    '/api/user/permissions': { data: permissions },
    '/api/auth/logout': { logout_url: null },
    '/api/auth/login': {
      authorize_url:
        'http://localhost:3000/idp/auth?client_id=percorso&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback&response_type=code&state=S&nonce=N&code_challenge=C&code_challenge_method=S256',
      state: 'S',
    },
  });
}

/** Renders inside the same react-admin context pieces as the app, at `route`, with `path` as the route pattern. */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', extraRoutes = [] as ReactElement[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    queryClient,
    ...render(
      <MemoryRouter initialEntries={[route]}>
        <ThemeProvider theme={appTheme()}>
          <CoreAdminContext
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            queryClient={queryClient}
            store={memoryStore()}
          >
            <Routes>
              <Route path={path} element={ui} />
              {extraRoutes}
            </Routes>
          </CoreAdminContext>
        </ThemeProvider>
      </MemoryRouter>,
    ),
  };
}
