import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { HttpError, I18nContext } from 'ra-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../server/src/contract';
import { authProvider } from '../../../src/authProvider';
import { dataProvider as appDataProvider } from '../../../src/dataProvider';
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
    getTeamSession: vi.fn(async (teamId: unknown, sessionId: unknown) =>
      answer(`teams/${teamId}/sessions/${sessionId}`),
    ),
  };
}

export interface HarnessOptions {
  path: string;
  url: string;
  user: User;
  /** The user's permission names, or a promise a test settles when it wants them to arrive. */
  permissions?: string[] | Promise<string[]>;
  /** Settled by a test when GET /api/user should answer (at once without it). */
  userArrives?: Promise<unknown>;
  /** Only the methods the page calls; anything else would fail the test loudly. */
  dataProvider: object;
}

/**
 * The portal's pages reach the app's one dataProvider and authProvider (src/portal/portalData.ts):
 * a test answers in their place, with a signed-in `user`, its `permissions` and the data methods it
 * gives (only those the page calls). The setup file restores them after each test.
 */
export function stubPortalProviders({
  user,
  permissions = [],
  userArrives,
  dataProvider,
}: Omit<HarnessOptions, 'path' | 'url'>) {
  localStorage.setItem('token', 'test-token');
  vi.spyOn(authProvider, 'getIdentity').mockImplementation(async () => {
    await userArrives;
    return { id: user.id, fullName: `${user.name} ${user.surname}`, user };
  });
  vi.spyOn(authProvider, 'getPermissions').mockImplementation(async () => permissions);
  vi.spyOn(authProvider, 'checkError').mockImplementation(async () => undefined);
  vi.spyOn(authProvider, 'logout').mockImplementation(async () => undefined);
  for (const [name, method] of Object.entries(dataProvider)) {
    vi.spyOn(appDataProvider as unknown as Record<string, () => unknown>, name).mockImplementation(
      method as () => unknown,
    );
  }
}

/** Renders `element` at `url` with the portal's texts, a signed-in user and fake providers. */
export function renderPortalPage(element: ReactElement, { path, url, ...providers }: HarnessOptions) {
  stubPortalProviders(providers);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nContext.Provider value={i18nProvider}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </I18nContext.Provider>
    </MemoryRouter>,
  );
}
