import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MAIN_ID } from '../components/SkipLink';
import { ScreenErrorNotice, screenErrorTitle, type ScreenErrorProps } from '../components/ScreenErrorNotice';
import { documentTitle } from '../components/documentTitle';
import { usePageTitle } from './layout/pageTitle';

/** A screen that could not be shown, as a whole page (outside the portal's layout): nothing to skip to. */
export function ScreenError({ onRetry }: ScreenErrorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle(screenErrorTitle());
    // The screen that had focus is gone: the heading takes it, and says what happened.
    heading.current?.focus();
  }, []);
  return (
    <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ p: 4 }}>
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ mb: 2 }}>
        {screenErrorTitle()}
      </Typography>
      <ScreenErrorNotice onRetry={onRetry} focusRetry={false} />
    </Box>
  );
}

/** A page that could not be shown inside the portal's layout: the header and menu stay usable. */
export function LayoutScreenError({ onRetry }: ScreenErrorProps) {
  usePageTitle(screenErrorTitle());
  return <ScreenErrorNotice onRetry={onRetry} focusRetry />;
}
