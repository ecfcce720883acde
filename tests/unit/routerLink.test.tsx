import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Link, NavLink } from '../../src/routing/Link';

function Where() {
  const location = useLocation();
  return (
    <output aria-label="posizione">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</output>
  );
}

const at = (path: string, ui: React.ReactElement, basename?: string) =>
  render(
    <MemoryRouter initialEntries={[path]} basename={basename}>
      {ui}
      <Where />
    </MemoryRouter>,
  );

describe('Link', () => {
  it('renders the href and navigates in the app on a plain click, with its state', async () => {
    at(
      '/dashboard',
      <Link to="/courses?page=2" state={{ from: 'dashboard' }}>
        Corsi
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Corsi' });
    expect(link).toHaveAttribute('href', '/courses?page=2');
    await userEvent.click(link);
    expect(screen.getByRole('status', { name: 'posizione' })).toHaveTextContent('/courses?page=2|{"from":"dashboard"}');
  });

  it('leaves modified clicks and other targets to the browser', async () => {
    at(
      '/dashboard',
      <>
        <Link to="/courses">Corsi</Link>
        <Link to="/percorso/1" target="_blank">
          Percorso
        </Link>
      </>,
    );
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Corsi' }));
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('link', { name: 'Percorso' }));
    expect(screen.getByRole('status', { name: 'posizione' })).toHaveTextContent('/dashboard|');
  });

  it("calls the caller's onClick, which can cancel the navigation", async () => {
    let clicks = 0;
    at(
      '/dashboard',
      <Link
        to="/courses"
        onClick={(event) => {
          clicks++;
          event.preventDefault();
        }}
      >
        Corsi
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Corsi' }));
    expect(clicks).toBe(1);
    expect(screen.getByRole('status', { name: 'posizione' })).toHaveTextContent('/dashboard|');
  });

  it('resolves relative paths and object destinations, under the basename', () => {
    at(
      '/admin/teams/3',
      <Routes>
        <Route
          path="/teams/:id"
          element={
            <>
              <Link to="show">Mostra</Link>
              <Link to={{ pathname: '/courses', search: '?q=x' }}>Corsi</Link>
            </>
          }
        />
      </Routes>,
      '/admin',
    );
    expect(screen.getByRole('link', { name: 'Mostra' })).toHaveAttribute('href', '/admin/teams/3/show');
    expect(screen.getByRole('link', { name: 'Corsi' })).toHaveAttribute('href', '/admin/courses?q=x');
  });

  it('renders an absolute URL as it is', () => {
    at('/', <Link to="https://example.com/guida">Guida</Link>);
    expect(screen.getByRole('link', { name: 'Guida' })).toHaveAttribute('href', 'https://example.com/guida');
  });
});

describe('NavLink', () => {
  const nav = (
    <nav>
      <NavLink to="/">Home</NavLink>
      <NavLink to="/courses">Corsi</NavLink>
      <NavLink to="/course">Corso</NavLink>
      <NavLink to="/courses" end>
        Solo corsi
      </NavLink>
    </nav>
  );
  const current = () =>
    screen
      .queryAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);

  it('marks its own path and the paths below it, not a longer name', () => {
    at('/courses/1/modules', nav);
    expect(current()).toEqual(['Corsi']);
  });

  it('marks "/" only on "/", and an `end` link only on its very path', () => {
    at('/', nav);
    expect(current()).toEqual(['Home']);
  });

  it('marks every link to the path it is on', () => {
    at('/Courses', nav);
    expect(current()).toEqual(['Corsi', 'Solo corsi']);
  });
});
