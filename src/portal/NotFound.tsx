import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslate } from 'ra-core';
import { usePageTitle } from './layout/pageTitle';

/** Unknown paths (SPEC §2): the text "Not found.". */
export function NotFoundText() {
  const translate = useTranslate();
  return <Typography component="p">{translate('app.not_found')}</Typography>;
}

/** The whole page for unknown paths outside the authenticated layout. */
export function NotFound() {
  const translate = useTranslate();
  useEffect(() => {
    document.title = 'Percorso';
  }, []);
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Typography variant="h1">{translate('app.not_found')}</Typography>
    </Box>
  );
}

export default NotFound;

/** "Not found." inside the authenticated layout (a screen whose page is not there yet). */
export function LayoutNotFound() {
  const translate = useTranslate();
  usePageTitle(translate('app.not_found'));
  return null;
}
