import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Button, type ButtonColor, type ButtonSize } from '../../src/components/Button';

const inRouter = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);
afterEach(() => vi.restoreAllMocks());

describe('Button', () => {
  it('renders a plain button that clicks', async () => {
    const onClick = vi.fn();
    inRouter(<Button onClick={onClick}>Salva</Button>);
    const button = screen.getByRole('button', { name: 'Salva' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders an internal link', () => {
    inRouter(<Button to="/dashboard">Dashboard</Button>);
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('href', '/dashboard');
    expect(link).not.toHaveAttribute('target');
  });

  it('renders an external link in a new tab by default', () => {
    inRouter(<Button href="https://drive.example.com">Drive</Button>);
    // The name says it opens a new tab, for everyone who cannot see the icon.
    const link = screen.getByRole('link', { name: /^Drive ?\(si apre in una nuova scheda\)$/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('an external link can stay in the same window', () => {
    inRouter(
      <Button href="https://example.com" newTab={false}>
        Vai
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Vai' })).not.toHaveAttribute('target');
  });

  it('disabled does not click', async () => {
    const onClick = vi.fn();
    inRouter(
      <Button disabled onClick={onClick}>
        Salva
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Salva' });
    expect(button).toBeDisabled();
    await userEvent.click(button).catch(() => undefined);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('loading is busy and shows a spinner in place of the content, keeping focus and ignoring clicks', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    inRouter(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading aria-label="Salvataggio" onClick={onClick}>
          Salva
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Salvataggio' });
    button.focus();
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('button-spinner')).toBeInTheDocument();
    expect(screen.queryByText('Salva')).not.toBeInTheDocument();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a disabled button that is also loading stays disabled', () => {
    inRouter(
      <Button loading disabled>
        Salva
      </Button>,
    );
    expect(screen.getByRole('button')).toBeDisabled();
  });

  const sizes: ButtonSize[] = ['circle', 'xs', 'sm', 'md', 'lg', 'xl'];
  const colors: ButtonColor[] = ['primary', 'gray', 'red', 'darkGray', 'green', 'outlinePrimary', 'outlineGray'];

  it.each(sizes)('size %s gives its own style', (size) => {
    inRouter(
      <>
        <Button size={size}>A</Button>
        <Button size={size === 'md' ? 'lg' : 'md'}>B</Button>
      </>,
    );
    const a = screen.getByRole('button', { name: 'A' });
    const b = screen.getByRole('button', { name: 'B' });
    expect(a).toHaveAttribute('data-size', size);
    expect(a.className).not.toBe(b.className);
  });

  it.each(colors)('colour %s gives its own style', (color) => {
    inRouter(
      <>
        <Button color={color}>A</Button>
        <Button color={color === 'primary' ? 'gray' : 'primary'}>B</Button>
      </>,
    );
    const a = screen.getByRole('button', { name: 'A' });
    expect(a).toHaveAttribute('data-color', color);
    expect(a.className).not.toBe(screen.getByRole('button', { name: 'B' }).className);
  });
});
