import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { lazyDialog, type LazyDialogProps } from '../../src/components/lazyDialog';

function FakeDialog({ open, onClose }: LazyDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Finestra">
      <button onClick={onClose}>Fatto</button>
    </div>
  );
}

/** A download that fails `failures` times, then brings the dialog: what a dropped connection does. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: FakeDialog };
  });
  return load;
}

function Page({
  Dialog,
  onClose = () => undefined,
}: {
  Dialog: ReturnType<typeof lazyDialog<LazyDialogProps>>;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <label>
        Note
        <input defaultValue="" />
      </label>
      <button onClick={() => setOpen(true)}>Apri</button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
    </main>
  );
}

const failureText = /Impossibile aprire la finestra/;

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

test('nothing is downloaded before the dialog first opens', () => {
  const load = flakyLoad(0);
  render(<Page Dialog={lazyDialog(load)} />);
  expect(load).not.toHaveBeenCalled();
});

test('a dialog that fails to download leaves the page as it was, and "Riprova" downloads it again', async () => {
  const user = userEvent.setup();
  const load = flakyLoad(1);
  render(<Page Dialog={lazyDialog(load)} />);
  await user.type(screen.getByLabelText('Note'), 'scritto prima');
  const opener = screen.getByRole('button', { name: 'Apri' });
  await user.click(opener);

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(failureText);
  // Focus goes to the notice, as it would have gone to the dialog.
  expect(screen.getByRole('button', { name: 'Riprova' })).toHaveFocus();
  expect(screen.getByLabelText('Note')).toHaveValue('scritto prima');

  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('dialog', { name: 'Finestra' })).toBeVisible();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(load).toHaveBeenCalledTimes(2);
  // Focus went back to the opener before the dialog opened: a real dialog gives it back there on closing.
  expect(opener).toHaveFocus();
  expect(screen.getByLabelText('Note')).toHaveValue('scritto prima');
});

test('"Chiudi" closes through the opener, gives focus back, and the next opening tries again', async () => {
  const user = userEvent.setup();
  const load = flakyLoad(2);
  const onClose = vi.fn();
  render(<Page Dialog={lazyDialog(load)} onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Apri' });
  await user.click(opener);
  await user.click(await screen.findByRole('button', { name: 'Chiudi' }));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(opener).toHaveFocus();

  // Fails once more: Escape dismisses the notice too.
  await user.click(opener);
  expect(await screen.findByRole('alert')).toHaveTextContent(failureText);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(onClose).toHaveBeenCalledTimes(2);
  expect(opener).toHaveFocus();

  await user.click(opener);
  expect(await screen.findByRole('dialog', { name: 'Finestra' })).toBeVisible();
  expect(load).toHaveBeenCalledTimes(3);
});

test('an opener gone meanwhile is replaced by the one onExited names', async () => {
  const user = userEvent.setup();
  const Dialog = lazyDialog(flakyLoad(1));
  function Menu() {
    const [menuOpen, setMenuOpen] = useState(false);
    const [open, setOpen] = useState(false);
    return (
      <>
        <button id="menu-button" onClick={() => setMenuOpen(true)}>
          Menu utente
        </button>
        {menuOpen && (
          <button
            onClick={() => {
              setMenuOpen(false);
              setOpen(true);
            }}
          >
            Calendario
          </button>
        )}
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          onExited={() => document.getElementById('menu-button')?.focus()}
        />
      </>
    );
  }
  render(<Menu />);
  await user.click(screen.getByRole('button', { name: 'Menu utente' }));
  await user.click(screen.getByRole('button', { name: 'Calendario' }));
  await user.click(await screen.findByRole('button', { name: 'Chiudi' }));
  expect(screen.getByRole('button', { name: 'Menu utente' })).toHaveFocus();
});

test('closed by its opener while the notice shows, the notice goes', async () => {
  const Dialog = lazyDialog(flakyLoad(1));
  const { rerender } = render(<Dialog open onClose={() => undefined} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(failureText);
  rerender(<Dialog open={false} onClose={() => undefined} />);
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  await act(async () => rerender(<Dialog open onClose={() => undefined} />));
  expect(await screen.findByRole('dialog', { name: 'Finestra' })).toBeVisible();
});
