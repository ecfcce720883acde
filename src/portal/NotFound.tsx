import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from '../routing/Link';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { documentTitle } from '../components/documentTitle';
import { translateApp } from '../routing/translateApp';
import { usePageTitle } from './layout/pageTitle';

const notFoundText = () => translateApp('app.not_found');

/** Unknown paths: the text "Not found.", in English (said as English by screen readers). */
export function NotFoundText() {
  return (
    <Typography component="p" lang="en">
      {notFoundText()}
    </Typography>
  );
}

/** The way back from a page that does not exist: the start page (the dashboard once signed in). */
export function NotFoundBack() {
  return (
    <Typography component="p" sx={{ mt: 2 }}>
      <Box component={RouterLink} to="/" sx={{ color: 'primary.main', fontWeight: 600 }}>
        {translateApp('app.a11y.not_found_back')}
      </Box>
    </Typography>
  );
}

/** The whole page for unknown paths outside the authenticated layout: its text, a title, a way back. */
export function NotFound() {
  useEffect(() => {
    document.title = documentTitle(notFoundText());
  }, []);
  return (
    <>
      <SkipLink label={translateApp('app.a11y.skip_to_content')} />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ p: 4 }}>
        <Typography variant="h1" lang="en">
          {notFoundText()}
        </Typography>
        <NotFoundBack />
      </Box>
    </>
  );
}

export default NotFound;

/** "Not found." inside the authenticated layout (a screen whose page is not there yet). */
export function LayoutNotFound() {
  usePageTitle(notFoundText());
  return <NotFoundBack />;
}
