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

interface ScreenErrorNoticeProps extends ScreenErrorProps {
  /** "Riprova" takes focus as it appears; not where a heading takes it instead. */
  focusRetry: boolean;
}

/**
 * What went wrong and what helps: "Riprova", which downloads the screen again in place, and a
 * reload, for when a deploy has replaced the files (only the new version has them). Where the
 * notice is the whole page, its heading takes focus (`focusRetry` false: two elements asking for
 * focus in one render would leave it to their timing); inside a layout "Riprova" does, and the
 * layout's heading takes it instead on arriving from another page.
 */
export function ScreenErrorNotice({ onRetry, focusRetry }: ScreenErrorNoticeProps) {
  return (
    <Box role="alert">
      <Typography component="p">{translateApp('app.screen_error.text')}</Typography>
      <Button onClick={onRetry} autoFocus={focusRetry} sx={{ mt: 2, mr: 1 }}>
        {translateApp('app.screen_error.retry')}
      </Button>
      <Button color="outlineGray" onClick={() => window.location.reload()} sx={{ mt: 2 }}>
        {translateApp('app.screen_error.reload')}
      </Button>
    </Box>
  );
}
