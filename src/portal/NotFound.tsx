import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { translateApp } from '../routing/translateApp';
import { usePageTitle } from './layout/pageTitle';

const notFoundText = () => translateApp('app.not_found');

/** Unknown paths (SPEC §2): the text "Not found.". */
export function NotFoundText() {
  return <Typography component="p">{notFoundText()}</Typography>;
}

/** The whole page for unknown paths outside the authenticated layout. */
export function NotFound() {
  useEffect(() => {
    document.title = 'Percorso';
  }, []);
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Typography variant="h1">{notFoundText()}</Typography>
    </Box>
  );
}

export default NotFound;

/** "Not found." inside the authenticated layout (a screen whose page is not there yet). */
export function LayoutNotFound() {
  usePageTitle(notFoundText());
  return null;
}
