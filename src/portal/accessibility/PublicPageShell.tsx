import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from '../../routing/Link';
import { Logo } from '../../components/Logo';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { translateApp } from '../../routing/translateApp';

/**
 * The frame of the accessibility pages anyone may open without signing in (the statement, the
 * report form for visitors): a skip link, a header with the logo and the way back to the portal,
 * and the main region.
 */
export function PublicPageShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink label={translateApp('app.a11y.skip_to_content')} />
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 2, md: 4 },
          py: 2,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Logo size={36} />
        <Link component={RouterLink} to="/" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {translateApp('app.a11y.back_to_portal')}
        </Link>
      </Box>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ px: { xs: 2, md: 4 }, py: 4, '&:focus': { outline: 'none' } }}
      >
        {children}
      </Box>
    </Box>
  );
}
