import { Suspense, type ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ScreenErrorBoundary } from '../../src/components/ScreenErrorBoundary';
import { retryableLazy } from '../../src/components/retryableLazy';
import { lazyView } from '../../src/admin/resource';
import { LayoutScreenError, ScreenError } from '../../src/portal/ScreenError';

function CoursesPage() {
  return <h1>Videocorsi</h1>;
}

/** A download that fails `failures` times, then brings the screen: what a dropped connection does. */
function flakyLoad(failures: number) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: CoursesPage };
  });
}

function Menu() {
  const navigate = useNavigate();
  return (
    <nav>
      <button onClick={() => navigate('/dashboard')}>Dashboard</button>
      <button onClick={() => navigate('/courses')}>Videocorsi</button>
    </nav>
  );
}

/** The app around the screen: what it holds (here, what was typed) must outlive a retry. */
function App({ Courses, fallback = ScreenError }: { Courses: ComponentType; fallback?: typeof ScreenError }) {
  return (
    <MemoryRouter initialEntries={['/courses']}>
      <label>
        Note
        <input defaultValue="" />
      </label>
      <Menu />
      <ScreenErrorBoundary fallback={fallback}>
        <Suspense fallback={<p>Caricamento...</p>}>
          <Routes>
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
            <Route path="/courses" element={<Courses />} />
          </Routes>
        </Suspense>
      </ScreenErrorBoundary>
    </MemoryRouter>
  );
}

const failed = { level: 1, name: 'Impossibile mostrare la pagina' } as const;

/**
 * The whole-page error's heading, once it has taken focus: the heading shows at the render's commit
 * and takes focus in an effect just after, which a loaded machine lets a check fall between.
 */
async function headingFocused(): Promise<void> {
  const heading = await screen.findByRole('heading', failed);
  await waitFor(() => expect(heading).toHaveFocus());
}

// React reports what an error boundary caught, to the console and (in development) as a window
// error; these tests cause it on purpose.
const quiet = (event: ErrorEvent) => event.preventDefault();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.addEventListener('error', quiet);
});
afterEach(() => {
  window.removeEventListener('error', quiet);
});

test('a screen that fails to download says so, and "Riprova" shows it in place', async () => {
  const user = userEvent.setup();
  const load = flakyLoad(1);
  render(<App Courses={retryableLazy(load)} />);
  await headingFocused();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'La connessione si è interrotta o il portale è stato aggiornato.',
  );
  expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  await user.type(screen.getByLabelText('Note'), 'scritto prima');

  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(load).toHaveBeenCalledTimes(2);
  expect(screen.getByLabelText('Note')).toHaveValue('scritto prima');
});

test('a download that fails again shows the error again, without trying by itself meanwhile', async () => {
  const user = userEvent.setup();
  const load = flakyLoad(2);
  render(<App Courses={retryableLazy(load)} />);
  await screen.findByRole('heading', failed);
  // React renders a screen again once its download has failed: that must not download it again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(load).toHaveBeenCalledTimes(1);

  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  await headingFocused();
  expect(load).toHaveBeenCalledTimes(2);

  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  expect(load).toHaveBeenCalledTimes(3);
});

test('in the layout, a retry that fails again gives focus back to "Riprova"', async () => {
  const user = userEvent.setup();
  render(<App Courses={retryableLazy(flakyLoad(2))} fallback={LayoutScreenError} />);
  await user.click(await screen.findByRole('button', { name: 'Riprova' }));
  await screen.findByRole('alert');
  expect(screen.getByRole('button', { name: 'Riprova' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
});

test('going to another page and back downloads the failed screen again', async () => {
  const user = userEvent.setup();
  const load = flakyLoad(1);
  render(<App Courses={retryableLazy(load)} />);
  await screen.findByRole('heading', failed);
  await user.click(screen.getByRole('button', { name: 'Dashboard' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Videocorsi' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a back-office view whose chunk fails is downloaded again by "Riprova", and by its preload', async () => {
  const user = userEvent.setup();
  const load = flakyLoad(2);
  const View = lazyView(async () => ({ CoursesPage: (await load()).default }), 'CoursesPage');
  // A failed preload (the menu's) is not remembered: the render asks again.
  await expect(View.preload()).rejects.toThrow(TypeError);
  render(<App Courses={View} />);
  await screen.findByRole('heading', failed);
  expect(load).toHaveBeenCalledTimes(2);

  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  expect(load).toHaveBeenCalledTimes(3);
});
