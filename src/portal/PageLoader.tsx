import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { translateApp } from '../routing/translateApp';

export interface PageLoaderProps {
  /**
   * For pages always taller than the screen: the placeholder takes the viewport's height, so the
   * footer under it starts below the fold instead of being pushed down (a layout shift) when the
   * page comes. `phone`: only on a phone's narrow screen, for a page taller than that screen when
   * its cards stack in one column, and not when they sit side by side.
   */
  tall?: boolean | 'phone';
}

const screenTall = { minHeight: '100vh' } as const;
const phoneTall = { minHeight: { xs: '100vh', sm: 0 } } as const;

/** The placeholder while a screen's code loads (inside and outside react-admin's context). */
export function PageLoader({ tall = false }: PageLoaderProps) {
  return (
    <Box role="status" sx={tall === 'phone' ? phoneTall : tall ? screenTall : undefined}>
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label={translateApp('app.loading')} />
      </Box>
    </Box>
  );
}
