import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { CoreAdminContext } from 'ra-core';
import { AppRoutes } from './App';
import { adminContextProps } from './providers';
import { theme } from './theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <CoreAdminContext {...adminContextProps} basename="">
          <AppRoutes />
        </CoreAdminContext>
      </ThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
