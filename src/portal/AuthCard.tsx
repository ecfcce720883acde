import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Logo } from '../components/Logo';
import type { PublicConfig } from '../../server/src/contract';
import { translateApp as translate } from '../routing/translateApp';
import { Link as RouterLink } from '../routing/Link';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { VisuallyHidden } from './team/VisuallyHidden';
import { STATEMENT_PATH } from './accessibility/paths';

/**
 * The login and callback card: logo, content, and the privacy / terms footer.
 * Outside react-admin's context: the page passes the public configuration it loaded.
 */
export function AuthCard({ config, children }: { config: PublicConfig | undefined; children: ReactNode }) {
  return (
    <>
      <SkipLink label={translate('app.a11y.skip_to_content')} />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{
          '&:focus': { outline: 'none' },
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 2,
          bgcolor: 'background.default',
        }}
      >
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 400,
            maxHeight: 710,
            overflowY: 'auto',
            p: { xs: 3, sm: 4 },
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            flexDirection: 'column',
            gap: 3,
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Logo size={64} title={translate('app.login.logo')} />
          </Box>
          {children}
          {/* On a narrow screen the links wrap whole, centred, rather than each over two lines. */}
          <Stack
            component="footer"
            direction="row"
            useFlexGap
            sx={{
              flexWrap: 'wrap',
              justifyContent: 'center',
              columnGap: 2,
              rowGap: 1,
              fontSize: '0.875rem',
              '& > a': { whiteSpace: 'nowrap' },
            }}
          >
            {config?.privacy_url && (
              <Link href={config.privacy_url} target="_blank" rel="noopener noreferrer">
                {translate('app.login.privacy')}
                <VisuallyHidden>{` ${translate('app.a11y.new_tab')}`}</VisuallyHidden>
              </Link>
            )}
            <Link href="#" onClick={(event) => event.preventDefault()}>
              {translate('app.login.terms')}
            </Link>
            <Link component={RouterLink} to={STATEMENT_PATH}>
              {translate('app.a11y.footer')}
            </Link>
          </Stack>
        </Paper>
      </Box>
    </>
  );
}
