import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Button } from '../components/Button';
import { MAIN_ID } from '../components/SkipLink';
import { documentTitle } from '../lib/documentTitle';
import { translateApp } from '../routing/translateApp';
import { usePageTitle } from './layout/pageTitle';

const title = () => translateApp('app.screen_error.title');

interface ScreenErrorProps {
  /** Downloads the screen again in place, keeping the rest of the app as it is. */
  onRetry: () => void;
}

/**
 * What went wrong and what helps: "Riprova", which downloads the screen again in place, and a
 * reload, for when a deploy has replaced the files (only the new version has them). "Riprova" takes
 * focus when a retry fails again; a heading that names the error takes it instead where there is
 * one to announce (the whole page's, or the layout's on arriving from another page).
 */
function ScreenErrorBody({ onRetry }: ScreenErrorProps) {
  return (
    <Box role="alert">
      <Typography component="p">{translateApp('app.screen_error.text')}</Typography>
      <Button onClick={onRetry} autoFocus sx={{ mt: 2, mr: 1 }}>
        {translateApp('app.screen_error.retry')}
      </Button>
      <Button color="outlineGray" onClick={() => window.location.reload()} sx={{ mt: 2 }}>
        {translateApp('app.screen_error.reload')}
      </Button>
    </Box>
  );
}

/** A screen that could not be shown, as a whole page (outside the portal's layout): nothing to skip to. */
export function ScreenError({ onRetry }: ScreenErrorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle(title());
    // The screen that had focus is gone: the heading takes it, and says what happened.
    heading.current?.focus();
  }, []);
  return (
    <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ p: 4 }}>
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ mb: 2 }}>
        {title()}
      </Typography>
      <ScreenErrorBody onRetry={onRetry} />
    </Box>
  );
}

/** A page that could not be shown inside the portal's layout: the header and menu stay usable. */
export function LayoutScreenError({ onRetry }: ScreenErrorProps) {
  usePageTitle(title());
  return <ScreenErrorBody onRetry={onRetry} />;
}
