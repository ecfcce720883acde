import { createTheme } from '@mui/material/styles';

const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** One clean theme for the portal and the back-office: blue primary, system fonts, AA contrast. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#dbeafe', contrastText: '#ffffff' },
    secondary: { main: '#475569' },
    success: { main: '#15803d', contrastText: '#ffffff' },
    error: { main: '#b91c1c', contrastText: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    background: { default: '#f1f5f9', paper: '#ffffff' },
  },
  typography: {
    fontFamily: systemFont,
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
});
