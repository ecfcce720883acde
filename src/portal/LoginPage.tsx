import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { useLogin, useTranslate } from 'ra-core';
import { Button } from '../components/Button';
import { useSession } from '../authProvider/useSession';
import { usePublicConfig } from '../lib/publicConfig';
import { AuthCard } from './AuthCard';

/** The index page (SPEC §2 Login screen): stays until the button sends the user to the provider. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const session = useSession();
  const config = usePublicConfig();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const provider = config.data?.provider_label ?? '';

  useEffect(() => {
    document.title = `${translate('app.login.title')} | Percorso`;
  }, [translate]);

  if (!session.loading && session.loggedIn) return <Navigate to="/dashboard" replace />;

  const start = () => {
    setLeaving(true);
    setFailed(false);
    login({}).catch(() => {
      setLeaving(false);
      setFailed(true);
    });
  };

  return (
    <AuthCard>
      <Typography variant="h1" align="center" sx={{ fontSize: '1.5rem' }}>
        {translate('app.login.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '0.9375rem' }}>
        {translate('app.login.explanation', { provider })}
      </Typography>
      {(failed || config.isError) && (
        <Typography role="alert" color="error">
          {translate('app.callback.error_text')}
        </Typography>
      )}
      <Button size="lg" color="primary" fullWidth loading={leaving || config.isPending} onClick={start}>
        {translate('app.login.button', { provider })}
      </Button>
    </AuthCard>
  );
}

export default LoginPage;
