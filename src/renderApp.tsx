import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { GlobalStyles, ThemeProvider } from '@mui/system';
import { AppRoutes } from './App';
import { LiveRegion } from './components/LiveRegion';
import { appTheme, globalFocusStyles } from './theme';

/*
 * - react-admin's context is not here: the authenticated pages provide what they use of it (the
 *   texts: src/portal/ProtectedLayout.tsx) and the back-office's <Admin> all of it, so the login screen
 *   does not download it.
 * - @mui/system's ThemeProvider is what @mui/material's does for a theme without CSS variables
 *   (ours), without the CSS-variables provider's code.
 * - CssBaseline's rules are static CSS in index.html: they apply before any script has run.
 */
export function renderApp(root: Root): void {
  // The first render is a transition: React renders it in slices of a few milliseconds, yielding to
  // the browser between them, instead of in one task of the whole page (on a mid-range phone, over
  // 50 ms: input and paint wait for it). Later updates are not affected.
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <ThemeProvider theme={appTheme()}>
            <GlobalStyles styles={globalFocusStyles} />
            <AppRoutes />
            <LiveRegion />
          </ThemeProvider>
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
