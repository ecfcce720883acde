import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { translateApp } from '../routing/translateApp';
import { Button } from './Button';

/** The heading of a screen that could not be shown. */
export const screenErrorTitle = () => translateApp('app.screen_error.title');

export interface ScreenErrorProps {
  /** Downloads the screen again in place, keeping the rest of the app as it is. */
  onRetry: () => void;
}

/**
 * What went wrong and what helps: "Riprova", which downloads the screen again in place, and a
 * reload, for when a deploy has replaced the files (only the new version has them). "Riprova" takes
 * focus when a retry fails again; a heading that names the error takes it instead where there is
 * one to announce (the whole page's, or the layout's on arriving from another page).
 */
export function ScreenErrorNotice({ onRetry }: ScreenErrorProps) {
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
