import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { matchPath, Navigate, useNavigate } from 'react-router';
import { Link as RouterLink } from '../routing/Link';
import { authProvider } from '../authProvider';
import { LoginCallbackError, pendingReturnPath, type RefusalReason } from '../authProvider/loginFlow';
import { getToken } from '../dataProvider/session';
import { usePublicConfigOnce } from '../routing/usePublicConfigOnce';
import { documentTitle } from '../components/documentTitle';
import { AuthCard } from './AuthCard';
import { NotFoundBack } from './NotFound';
import { portalPageLoads } from './pageLoads';
import { translateApp as translate } from '../routing/translateApp';

/**
 * The code of the page the sign-in leads to (the dashboard, or the portal page the visitor was
 * going to), fetched while the code is exchanged (a failure here is retried by the route).
 */
const preloadNextPage = () => {
  const pathname = (pendingReturnPath() ?? '/dashboard').split(/[?#]/, 1)[0];
  const route = portalPageLoads.find(({ path }) => matchPath(path, pathname));
  if (!route) return;
  import('./ProtectedLayout').catch(() => undefined);
  route.load().catch(() => undefined);
};

/**
 * /auth/callback: exchanges the provider's code once, then goes to the dashboard, or to the page
 * the visitor was going to when the login screen interrupted them.
 * Outside react-admin's context, like the login screen.
 */
export function CallbackPage() {
  const navigate = useNavigate();
  const config = usePublicConfigOnce();
  // Read once: the code leaves the address bar as soon as the exchange starts.
  const [search] = useState(() => window.location.search);
  // A code to exchange, or the provider's error to report: both end on this page's screens.
  const query = new URLSearchParams(search);
  const hasCode = query.has('code') || query.has('error');
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<RefusalReason | null>(null);

  useEffect(() => {
    if (!hasCode) return;
    let active = true;
    preloadNextPage();
    authProvider.handleCallback!({ search } as never).then(
      // The new token empties the caches of the previous session (src/portal/portalData.ts, src/providers.ts).
      (result) => {
        const next = result && typeof result.redirectTo === 'string' ? result.redirectTo : '/dashboard';
        if (active) navigate(next, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        setReason(error instanceof LoginCallbackError ? error.reason : null);
        setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [hasCode, navigate, search]);

  // The tab names what the page says: signing in, a request without a code, or a failed sign-in.
  const title = !hasCode ? translate('app.invalid_request') : failed ? translate('app.callback.error_title') : null;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  if (!hasCode) {
    if (getToken()) return <Navigate to="/dashboard" replace />;
    // A stale bookmark, or Back after signing in: the words say what is wrong, the link what to do.
    return (
      <Box component="main" sx={{ p: 4 }}>
        <Typography variant="h1" lang="en" sx={{ fontSize: '1.25rem' }}>
          {translate('app.invalid_request')}
        </Typography>
        <NotFoundBack />
      </Box>
    );
  }

  if (failed) {
    return (
      <AuthCard config={config.data}>
        <Typography variant="h1" align="center" sx={{ fontSize: '1.5rem' }}>
          {translate('app.callback.error_title')}
        </Typography>
        {/* Said at once: the reason below when there is one, else this general text. */}
        <Typography align="center" role={reason ? undefined : 'alert'}>
          {translate('app.callback.error_text')}
        </Typography>
        {reason && (
          <Typography align="center" role="alert" data-testid="callback-reason">
            {translate(`app.callback.reasons.${reason}`)}
          </Typography>
        )}
        <Typography align="center">
          <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
            {translate('app.callback.retry')}
          </Link>
        </Typography>
      </AuthCard>
    );
  }

  return (
    <AuthCard config={config.data}>
      <Box
        role="status"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}
      >
        <CircularProgress aria-hidden="true" />
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {translate('app.callback.waiting_title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.callback.waiting_text')}</Typography>
      </Box>
    </AuthCard>
  );
}

export default CallbackPage;
