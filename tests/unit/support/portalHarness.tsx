import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { CoreAdminContext, HttpError, type AuthProvider, type DataProvider } from 'ra-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../server/src/schemas/contract';
import { i18nProvider } from '../../../src/i18n';

/** A user as GET /api/user answers it, with overrides. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Giulia',
    surname: 'Bianchi',
    email: 'membro@example.com',
    tax_id: null,
    birthdate: null,
    created_at: '2026-01-01T00:00:00.000Z',
    avatar: null,
    mobile: null,
    courses_percentage: 0,
    is_expert: false,
    expert_access: null,
    mooc_access: true,
    roles: [],
    teams: [],
    teams_as_expert: [],
    sessions_as_expert: [],
    calendar_feed_url: 'http://localhost:3000/api/calendar/feed.ics',
    ...overrides,
  };
}

export function apiError(status: number, message = `HTTP ${status}`) {
  return new HttpError(message, status, { message });
}

/**
 * The data provider's team-session reads, answered from a table of API paths and their bodies
 * (`'teams/1/sessions/next': { data: … }`, or an error to throw); unknown paths are a 404.
 */
export function teamSessionReads(table: Record<string, unknown | (() => unknown)>) {
  const answer = (path: string) => {
    if (!(path in table)) throw apiError(404);
    const entry = table[path];
    const value = typeof entry === 'function' ? (entry as () => unknown)() : entry;
    if (value instanceof Error) throw value;
    return (value as { data: unknown }).data;
  };
  return {
    getUpcomingTeamSessions: vi.fn(async (teamId: unknown) => answer(`teams/${teamId}/sessions/upcoming`) ?? []),
    getNextTeamSession: vi.fn(async (teamId: unknown) => answer(`teams/${teamId}/sessions/next`) ?? null),
    getTeamSession: vi.fn(async (teamId: unknown, sessionId: unknown) => answer(`teams/${teamId}/sessions/${sessionId}`)),
  };
}

export interface HarnessOptions {
  path: string;
  url: string;
  user: User;
  permissions?: string[];
  /** Only the methods the page calls; anything else would fail the test loudly. */
  dataProvider: object;
}

/** Renders `element` at `url` inside ra-core's context, with a signed-in user and fake providers. */
export function renderPortalPage(element: ReactElement, { path, url, user, permissions = [], dataProvider }: HarnessOptions) {
  localStorage.setItem('token', 'test-token');
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: user.id, fullName: `${user.name} ${user.surname}`, user }),
    getPermissions: async () => permissions,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[url]}>
      <CoreAdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
      >
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </CoreAdminContext>
    </MemoryRouter>,
  );
}
