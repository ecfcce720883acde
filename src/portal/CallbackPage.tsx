import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useAuthProvider, useTranslate } from 'ra-core';
import { getToken } from '../dataProvider';
import { AuthCard } from './AuthCard';

/** /auth/callback (SPEC §2): exchanges the provider's code once, then goes to the dashboard. */
export function CallbackPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Read once: the code leaves the address bar as soon as the exchange starts.
  const [search] = useState(() => window.location.search);
  const hasCode = new URLSearchParams(search).has('code');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = 'Percorso';
    if (!hasCode || !authProvider?.handleCallback) return;
    let active = true;
    authProvider
      .handleCallback({ search } as never)
      .then(() => {
        queryClient.removeQueries({ queryKey: ['auth'] });
        if (active) navigate('/dashboard', { replace: true });
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [authProvider, hasCode, navigate, queryClient, search]);

  if (!hasCode) {
    if (getToken()) return <Navigate to="/dashboard" replace />;
    return (
      <Box component="main" sx={{ p: 4 }}>
        <Typography variant="h1" sx={{ fontSize: '1.25rem' }}>
          {translate('app.invalid_request')}
        </Typography>
      </Box>
    );
  }

  if (failed) {
    return (
      <AuthCard>
        <Typography variant="h1" align="center" sx={{ fontSize: '1.5rem' }}>
          {translate('app.callback.error_title')}
        </Typography>
        <Typography align="center">{translate('app.callback.error_text')}</Typography>
        <Typography align="center">
          <Link component={RouterLink} to="/" sx={{ fontWeight: 600 }}>
            {translate('app.callback.retry')}
          </Link>
        </Typography>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
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
