import { useLayoutEffect, useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MountInTransition } from '../../src/components/MountInTransition';

test('the first commit leaves the children out, and they follow on their own', async () => {
  const committed: string[] = [];
  function Frame() {
    const frame = useRef<HTMLDivElement>(null);
    useLayoutEffect(() => {
      committed.push(frame.current?.textContent ?? '');
    }, []);
    return (
      <div ref={frame}>
        <MountInTransition>
          <p>Contenuto</p>
        </MountInTransition>
      </div>
    );
  }
  render(<Frame />);
  expect(committed).toEqual(['']);
  expect(await screen.findByText('Contenuto')).toBeVisible();
});

test('once mounted, the children keep their state when the parent renders again', async () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return <button onClick={() => setCount(count + 1)}>Conteggio {count}</button>;
  }
  function Parent({ label }: { label: string }) {
    return (
      <section aria-label={label}>
        <MountInTransition>
          <Counter />
        </MountInTransition>
      </section>
    );
  }
  const { rerender } = render(<Parent label="primo" />);
  const button = await screen.findByRole('button', { name: 'Conteggio 0' });
  act(() => button.click());
  rerender(<Parent label="secondo" />);
  expect(screen.getByRole('region', { name: 'secondo' })).toContainElement(
    screen.getByRole('button', { name: 'Conteggio 1' }),
  );
});
