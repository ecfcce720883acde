import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from '../../src/components/IconButton';
import { appTheme } from '../../src/theme';

const inTheme = (ui: React.ReactElement) => render(<ThemeProvider theme={appTheme()}>{ui}</ThemeProvider>);

describe('IconButton', () => {
  it('is a button named by its label, with the icon only drawn', () => {
    const onClick = vi.fn();
    inTheme(
      <IconButton aria-label="Mese successivo" onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Mese successivo' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is round, tighter when small, and does not pass its size on to the page', () => {
    inTheme(
      <>
        <IconButton aria-label="Piccolo" size="small" />
        <IconButton aria-label="Normale" />
      </>,
    );
    const small = screen.getByRole('button', { name: 'Piccolo' });
    const normal = screen.getByRole('button', { name: 'Normale' });
    expect(getComputedStyle(small).padding).toBe('5px');
    expect(getComputedStyle(normal).padding).toBe('8px');
    expect(getComputedStyle(normal).borderRadius).toBe('50%');
    expect(small).not.toHaveAttribute('size');
  });

  it('keeps a disabled button out of the way of clicks', () => {
    const onClick = vi.fn();
    inTheme(<IconButton aria-label="Mese precedente" disabled onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Mese precedente' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
