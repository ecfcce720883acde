import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Navigate, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { returnStateFor } from '../authProvider/returnPath';
import { useSession } from '../authProvider/useSession';
import { getToken } from '../dataProvider/session';
import { Button } from '../components/Button';
import { errorStatus, SERVICE_UNAVAILABLE } from '../dataProvider/apiError';

const isAccessDenied = (error: unknown) => [401, 403].includes(errorStatus(error) ?? 0);

/** Protected screens: visitors without a session go to the login screen at /, which brings them back here once signed in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const session = useSession();
  const location = useLocation();
  if (!getToken() || isAccessDenied(session.error)) return <Navigate to="/" replace state={returnStateFor(location)} />;
  if (session.error && !session.user) {
    return (
      <Box component="main" sx={{ p: 4, maxWidth: 560, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h1" role="alert" sx={{ fontSize: '1.25rem' }}>
          {translate(errorStatus(session.error) === 503 ? SERVICE_UNAVAILABLE : 'ra.notification.http_error')}
        </Typography>
        <Button size="sm" color="outlineGray" onClick={session.refresh}>
          {translate('app.callback.retry')}
        </Button>
      </Box>
    );
  }
  return <>{children}</>;
}
