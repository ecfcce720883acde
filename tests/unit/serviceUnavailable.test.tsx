import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n';
import { LoadProblem, TEAM_PROBLEMS } from '../../src/portal/team/LoadProblem';
import { renderWithMessages as render } from './support/withMessages';

vi.mock('../../src/authProvider/useSession', () => ({
  useSession: () => ({
    user: undefined,
    identity: undefined,
    loading: false,
    loggedIn: false,
    error: { status: 503 },
    refresh: () => {},
  }),
}));
vi.mock('../../src/dataProvider/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/dataProvider/session')>()),
  getToken: () => 'token',
}));

const { RequireAuth } = await import('../../src/portal/RequireAuth');

/** An API answer of 503 (the database is unavailable) reads as such, never as a blank page. */
describe('a 503 from the API', () => {
  it('is shown as "servizio temporaneamente non disponibile" where a page fails to load', () => {
    render(<LoadProblem error={{ status: 503 }} texts={TEAM_PROBLEMS} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/servizio temporaneamente non disponibile/i);
  });

  it('is shown as such when the signed-in user cannot be loaded', () => {
    render(
      <MemoryRouter>
        <RequireAuth>
          <p>contenuto</p>
        </RequireAuth>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/servizio temporaneamente non disponibile/i);
    expect(screen.queryByText('contenuto')).toBeNull();
  });

  it('other failures keep their own text', () => {
    render(<LoadProblem error={{ status: 500 }} texts={TEAM_PROBLEMS} />);
    expect(screen.getByRole('alert')).toHaveTextContent(i18nProvider.translate(TEAM_PROBLEMS.other));
  });
});
