import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { translateApp } from '../routing/translateApp';

/** The placeholder while a screen's code loads (inside and outside react-admin's context). */
export function PageLoader() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200 }}>
      <CircularProgress aria-label={translateApp('app.loading')} />
    </Box>
  );
}
