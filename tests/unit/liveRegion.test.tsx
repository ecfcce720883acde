import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { announce, LiveRegion } from '../../src/components/LiveRegion';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Page({ dialogOpen }: { dialogOpen: boolean }) {
  // What MUI's modal does to the rest of the page while a dialog is open (or closing).
  return (
    <div aria-hidden={dialogOpen || undefined}>
      <LiveRegion />
    </div>
  );
}

test('a message is written in the next frame', () => {
  render(<Page dialogOpen={false} />);
  act(() => announce('Descrizione salvata.'));
  expect(screen.getByTestId('live-polite')).toBeEmptyDOMElement();
  act(() => vi.advanceTimersByTime(50));
  expect(screen.getByTestId('live-polite')).toHaveTextContent('Descrizione salvata.');
});

test('while a closing dialog still hides the page, the message waits for it to go', () => {
  const { rerender } = render(<Page dialogOpen />);
  act(() => announce('Descrizione salvata.'));
  act(() => vi.advanceTimersByTime(400));
  expect(screen.getByTestId('live-polite')).toBeEmptyDOMElement();
  rerender(<Page dialogOpen={false} />);
  act(() => vi.advanceTimersByTime(50));
  expect(screen.getByTestId('live-polite')).toHaveTextContent('Descrizione salvata.');
});

test('a page hidden for good still gets the message, after two seconds', () => {
  render(<Page dialogOpen />);
  act(() => announce('Errore di rete', 'assertive'));
  act(() => vi.advanceTimersByTime(1900));
  expect(screen.getByTestId('live-assertive')).toBeEmptyDOMElement();
  act(() => vi.advanceTimersByTime(200));
  expect(screen.getByTestId('live-assertive')).toHaveTextContent('Errore di rete');
});
