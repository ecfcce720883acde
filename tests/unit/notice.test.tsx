import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { Notice } from '../../src/components/Notice';
import { appTheme } from '../../src/theme';

const inTheme = (ui: React.ReactElement) => render(<ThemeProvider theme={appTheme()}>{ui}</ThemeProvider>);

describe('Notice', () => {
  it('is an alert by default, with its icon hidden from assistive technologies', () => {
    inTheme(<Notice severity="error">Non è stato possibile caricare il team.</Notice>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Non è stato possibile caricare il team.');
    expect(alert.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  });

  it('can be a section named by its heading, with an action at the end', () => {
    inTheme(
      <Notice
        severity="info"
        component="section"
        role="region"
        aria-labelledby="t"
        title="Accesso Esperto"
        titleAs="h2"
        titleId="t"
        action={<button type="button">Avanti</button>}
      >
        Stai vedendo la sessione come esperto.
      </Notice>,
    );
    const section = screen.getByRole('region', { name: 'Accesso Esperto' });
    expect(section.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 2, name: 'Accesso Esperto' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avanti' })).toBeInTheDocument();
  });

  it('takes the tint of its severity from the theme', () => {
    inTheme(<Notice severity="warning">Attenzione</Notice>);
    const warning = getComputedStyle(screen.getByRole('alert')).backgroundColor;
    inTheme(<Notice severity="success">Fatto</Notice>);
    expect(getComputedStyle(screen.getAllByRole('alert')[1]).backgroundColor).not.toBe(warning);
  });
});
