import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslate } from 'ra-core';
import { endSession } from '../../authProvider/session';
import { Button } from '../../components/Button';
import { announce } from '../../components/LiveRegion';
import { Notice } from '../../components/Notice';
import { Skeleton } from '../../components/Skeleton';
import { apiErrorText } from '../../dataProvider/apiError';
import { formatDateTime } from '../../dates/format';
import { PORTAL_KEY, queryClient } from '../../queryClient';
import type { SignIn } from '../../../server/src/contract';
import { usePageTitle } from '../layout/pageTitle';
import { portalDataProvider as dataProvider } from '../portalData';
import './texts';

const SIGN_INS_KEY = [...PORTAL_KEY, 'user', 'tokens'] as const;

function SignInItem({ signIn, busy, onEnd }: { signIn: SignIn; busy: boolean; onEnd: (signIn: SignIn) => void }) {
  const translate = useTranslate();
  const date = formatDateTime(signIn.created_at);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography component="h2" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {signIn.browser}
          {signIn.current && (
            <Box
              component="span"
              sx={{
                ml: 1,
                px: 1,
                py: 0.25,
                borderRadius: 1,
                fontSize: '0.8125rem',
                fontWeight: 600,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                whiteSpace: 'nowrap',
              }}
            >
              {translate('app.sign_ins.current')}
            </Box>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.sign_ins.signed_in_at', { date })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {signIn.last_used_at
            ? translate('app.sign_ins.last_used_at', { date: formatDateTime(signIn.last_used_at) })
            : translate('app.sign_ins.never_used')}
        </Typography>
      </Box>
      {!signIn.current && (
        <Box sx={{ alignSelf: 'center' }}>
          <Button
            color="outlineGray"
            size="sm"
            loading={busy}
            aria-label={translate('app.sign_ins.end_label', { browser: signIn.browser, date })}
            onClick={() => onEnd(signIn)}
          >
            {translate('app.sign_ins.end')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/**
 * /accessi-attivi: "Accessi attivi", the caller's sign-ins (browser, when it started, when last
 * used), "Questo dispositivo" on the one in use. Each other one can be ended, or all the others
 * at once; "Esci da tutti i dispositivi" ends this one too and shows the login screen.
 */
export default function SignInsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  usePageTitle(translate('app.sign_ins.title'));
  const { data, isPending, error, refetch } = useQuery(
    {
      queryKey: SIGN_INS_KEY,
      queryFn: () => dataProvider.getSignIns(),
    },
    queryClient,
  );
  /** The sign-in being ended ('others', 'all' or its id). */
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);

  const run = async (what: string, action: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setFailure(null);
    try {
      await action();
      await refetch();
      announce(done);
      // The button that was pressed has gone: focus goes back to the top of the list.
      headingRef.current?.focus();
    } catch (cause) {
      setFailure(apiErrorText(cause, translate('app.sign_ins.failed')));
    } finally {
      setBusy(null);
    }
  };

  const endOne = (signIn: SignIn) =>
    run(signIn.id, () => dataProvider.endSignIn(signIn.id), translate('app.sign_ins.ended'));

  const endOthers = () =>
    run(
      'others',
      () => Promise.all((data ?? []).filter((s) => !s.current).map((s) => dataProvider.endSignIn(s.id))),
      translate('app.sign_ins.others_ended'),
    );

  const endAll = async () => {
    setBusy('all');
    setFailure(null);
    try {
      await dataProvider.endAllSignIns();
    } catch (cause) {
      setBusy(null);
      setFailure(apiErrorText(cause, translate('app.sign_ins.failed')));
      return;
    }
    // This sign-in ended with the others: the login screen, as after "Logout".
    endSession({ signedOut: true });
    navigate('/', { replace: true });
  };

  const others = (data ?? []).filter((s) => !s.current);

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {translate('app.sign_ins.intro')}
      </Typography>
      {failure && <Notice severity="error">{failure}</Notice>}
      {isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : error ? (
        <Notice
          severity="error"
          action={
            <Button size="sm" color="outlineGray" onClick={() => void refetch()}>
              {translate('app.sign_ins.retry')}
            </Button>
          }
        >
          {translate('app.sign_ins.load_failed')}
        </Notice>
      ) : (
        <>
          <Stack
            component="ul"
            spacing={1}
            aria-label={translate('app.sign_ins.list_label')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {data.map((signIn) => (
              <SignInItem key={signIn.id} signIn={signIn} busy={busy === signIn.id} onEnd={endOne} />
            ))}
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            {others.length > 0 && (
              <Button color="outlinePrimary" loading={busy === 'others'} onClick={() => void endOthers()}>
                {translate('app.sign_ins.end_others')}
              </Button>
            )}
            <Button color="red" loading={busy === 'all'} onClick={() => void endAll()}>
              {translate('app.sign_ins.end_all')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {translate('app.sign_ins.end_all_hint')}
            </Typography>
          </Box>
        </>
      )}
    </Stack>
  );
}
