import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation } from 'react-router';
import { authProvider, loadLoginFlow } from '../authProvider';
import { loginReturnState, returnPathFrom, sessionExpiredIn } from '../authProvider/returnPath';
import { Button } from '../components/Button';
import { useSessionProbe } from '../routing/sessionProbe';
import { usePublicConfigOnce } from '../routing/usePublicConfigOnce';
import { AuthCard } from './AuthCard';
import { translateApp as translate } from '../routing/translateApp';
import { documentTitle } from '../components/documentTitle';

/**
 * The index page: stays until the button sends the user to the provider. A visitor sent here from
 * another page returns to it once signed in (src/authProvider/returnPath.ts).
 * It renders outside the portal's layout, so neither its query cache nor the layout are downloaded here.
 */
export function LoginPage() {
  const session = useSessionProbe();
  const config = usePublicConfigOnce();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const provider = config.data?.provider_label ?? '';
  const state = loginReturnState(useLocation().state);
  const returnTo = returnPathFrom(state);
  const expired = sessionExpiredIn(state);

  useEffect(() => {
    document.title = documentTitle(translate('app.login.title'));
    // Downloaded once the screen is painted, so that the button leaves at once.
    void loadLoginFlow();
  }, []);

  if (!session.loading && session.loggedIn) return <Navigate to={returnTo ?? '/dashboard'} replace />;

  const start = () => {
    setLeaving(true);
    setFailed(false);
    authProvider.login({ returnTo }).catch(() => {
      setLeaving(false);
      setFailed(true);
    });
  };

  return (
    <AuthCard config={config.data}>
      <Typography variant="h1" align="center" sx={{ fontSize: '1.5rem' }}>
        {translate('app.login.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '0.9375rem' }}>
        {translate('app.login.explanation', { provider })}
      </Typography>
      {expired && !failed && (
        <Typography role="status" sx={{ fontSize: '0.9375rem', fontWeight: 600 }}>
          {translate('app.login.expired')}
        </Typography>
      )}
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
