import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import { announce } from '../../components/LiveRegion';
import { Notice } from '../../components/Notice';
import { saveBlob } from '../../components/saveBlob';
import { PORTAL_KEY, queryClient } from '../../queryClient';
import { usePageTitle } from '../layout/pageTitle';
import { portalDataProvider as dataProvider } from '../portalData';
import type { OwnErasureRequest } from '../../../server/src/contract';
import './texts';

/** The name the download is saved under (the server's answer names it with the day too). */
export const EXPORT_FILENAME = 'percorso-i-miei-dati.json';
const ERASURE_KEY = [...PORTAL_KEY, 'user', 'erasure-request'];
const HELD = ['account', 'teams', 'attendances', 'courses', 'audit', 'other'] as const;

const useErasureRequest = () =>
  useQuery({ queryKey: ERASURE_KEY, queryFn: () => dataProvider.getErasureRequest() }, queryClient);

const formatDay = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(new Date(iso));

/** "Scarica i miei dati": GET /api/user/export saved as a file; the outcome is said in the live region. */
function DownloadSection() {
  const translate = useTranslate();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const headingId = useId();
  const download = async () => {
    setPending(true);
    setFailed(false);
    try {
      saveBlob(await dataProvider.downloadMyData(), EXPORT_FILENAME);
      announce(translate('app.privacy.downloaded'));
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
        {translate('app.privacy.download_heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.privacy.download_text')}</Typography>
      {failed && (
        <Box sx={{ mb: 2 }}>
          <Notice severity="error">{translate('app.privacy.download_failed')}</Notice>
        </Box>
      )}
      <Button startIcon={<DownloadIcon />} loading={pending} onClick={() => void download()}>
        {translate('app.privacy.download')}
      </Button>
    </Box>
  );
}

/** "Chiedi la cancellazione", with a confirmation dialog; a pending request is shown instead of the button. */
function ErasureSection() {
  const translate = useTranslate();
  const headingId = useId();
  const titleId = useId();
  const textId = useId();
  const { data: request, isPending, isError } = useErasureRequest();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const stateRef = useRef<HTMLDivElement>(null);

  const confirm = async () => {
    setSending(true);
    setFailed(false);
    try {
      const pending: OwnErasureRequest = await dataProvider.requestErasure();
      queryClient.setQueryData(ERASURE_KEY, pending);
      setOpen(false);
      announce(translate('app.privacy.erasure_sent'));
      // The button that opened the dialog is gone: focus goes to the request's state.
      setTimeout(() => stateRef.current?.focus(), 0);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  let state;
  if (isPending) state = <Typography role="status">{translate('app.privacy.erasure_loading')}</Typography>;
  else if (request)
    state = (
      <Box ref={stateRef} tabIndex={-1} sx={{ outline: 'none' }}>
        <Notice severity="info" role="note">
          {translate('app.privacy.erasure_pending', { date: formatDay(request.requested_at) })}
        </Notice>
      </Box>
    );
  else
    state = (
      <>
        {isError && (
          <Box sx={{ mb: 2 }}>
            <Notice severity="warning">{translate('app.privacy.erasure_state_failed')}</Notice>
          </Box>
        )}
        <Button color="red" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {translate('app.privacy.erasure_request')}
        </Button>
      </>
    );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
        {translate('app.privacy.erasure_heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('app.privacy.erasure_text')}</Typography>
      {state}
      <Dialog
        open={open}
        onClose={sending ? undefined : () => setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{translate('app.privacy.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{translate('app.privacy.confirm_text')}</DialogContentText>
          {failed && (
            <Box sx={{ mt: 2 }}>
              <Notice severity="error">{translate('app.privacy.erasure_failed')}</Notice>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button color="outlineGray" size="sm" onClick={() => setOpen(false)} disabled={sending} autoFocus>
            {translate('app.privacy.cancel')}
          </Button>
          <Button color="red" size="sm" loading={sending} onClick={() => void confirm()}>
            {translate('app.privacy.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/**
 * /i-miei-dati: what Percorso holds about the signed-in person, the download of all of it
 * (GET /api/user/export) and the request to erase it (POST /api/user/erasure-request), which staff
 * carry out by deleting the account.
 */
export default function MyDataPage() {
  const translate = useTranslate();
  usePageTitle(translate('app.privacy.title'));
  const heldId = useId();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 820 }}>
      <Typography sx={{ mb: 3 }}>{translate('app.privacy.intro')}</Typography>
      <Box component="section" aria-labelledby={heldId} sx={{ mb: 4 }}>
        <Typography id={heldId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
          {translate('app.privacy.held_heading')}
        </Typography>
        <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
          {HELD.map((item) => (
            <li key={item}>
              <Typography component="span">{translate(`app.privacy.held.${item}`)}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <DownloadSection />
      <ErasureSection />
    </Paper>
  );
}
