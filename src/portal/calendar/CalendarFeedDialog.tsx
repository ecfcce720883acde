import { useEffect, useId, useRef, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Autorenew from '@mui/icons-material/Autorenew';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import { portalDataProvider as dataProvider } from '../portalData';
import './texts';

export interface CalendarFeedDialogProps {
  open: boolean;
  /** The URL GET /api/user gave; replaced in the dialog once a new one is generated. */
  feedUrl: string | undefined;
  onClose: () => void;
  /**
   * Once the dialog has gone: where focus goes is the opener's to say (the menu item that opened it
   * went with its menu, so the dialog has nothing of its own to give focus back to).
   */
  onExited?: () => void;
  /** Called after a new URL was issued (the current user is reloaded with it). */
  onRegenerated?: () => void;
}

/**
 * "Calendario": the personal feed URL with a copy button, how to subscribe in Google Calendar
 * and Outlook, and "Genera un nuovo link" (with a confirmation step: the old URL dies at once).
 */
export default function CalendarFeedDialog({
  open,
  feedUrl,
  onClose,
  onExited,
  onRegenerated,
}: CalendarFeedDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [url, setUrl] = useState(feedUrl ?? '');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const wasConfirming = useRef(false);

  // Each opening starts afresh; a URL reloaded meanwhile (after a new one was issued) only replaces the field.
  useEffect(() => {
    if (!open) return;
    setConfirming(false);
    setMessage(null);
  }, [open]);
  useEffect(() => {
    if (feedUrl) setUrl(feedUrl);
  }, [feedUrl]);
  // Focus follows the confirmation step: onto "Conferma" when it appears, and back onto "Genera un
  // nuovo link" (disabled meanwhile) when it is cancelled or done.
  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector<HTMLElement>('button')?.focus();
    else if (wasConfirming.current && open) actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
    wasConfirming.current = confirming;
  }, [confirming, open]);

  // Said by the dialog's own live regions: while it is open, the page's region is hidden with the page.
  const say = (text: string, error = false) => setMessage({ text, error });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      say(translate('app.calendar.copied'));
    } catch {
      inputRef.current?.select();
      say(translate('app.calendar.copy_failed'), true);
    }
  };

  const regenerate = async () => {
    setPending(true);
    try {
      setUrl(await dataProvider.regenerateCalendarFeed());
      setConfirming(false);
      say(translate('app.calendar.regenerated'));
      onRegenerated?.();
    } catch {
      say(translate('app.calendar.regenerate_failed'), true);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId} component="h2">
        {translate('app.calendar.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{translate('app.calendar.intro')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              inputRef={inputRef}
              label={translate('app.calendar.url_label')}
              value={url}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, inputLabel: { shrink: true } }}
              onFocus={(event) => event.target.select()}
            />
            <Button
              size="sm"
              color="outlinePrimary"
              startIcon={<ContentCopy />}
              onClick={() => void copy()}
              disabled={!url}
            >
              {translate('app.calendar.copy')}
            </Button>
          </Stack>
          {/* A line kept for the message, so that nothing below moves when it appears. */}
          <Box sx={{ minHeight: '1.5em' }}>
            <div role="status">
              {message && !message.error && (
                <Typography variant="body2" color="success.dark">
                  {message.text}
                </Typography>
              )}
            </div>
            <div role="alert">
              {message?.error && (
                <Typography variant="body2" color="error">
                  {message.text}
                </Typography>
              )}
            </div>
          </Box>
          <section aria-labelledby={`${titleId}-google`}>
            <Typography id={`${titleId}-google`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {translate('app.calendar.google_title')}
            </Typography>
            <Typography variant="body2">{translate('app.calendar.google_steps')}</Typography>
          </section>
          <section aria-labelledby={`${titleId}-outlook`}>
            <Typography id={`${titleId}-outlook`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {translate('app.calendar.outlook_title')}
            </Typography>
            <Typography variant="body2">{translate('app.calendar.outlook_steps')}</Typography>
          </section>
          <Typography variant="body2" color="text.secondary">
            {translate('app.calendar.secret_hint')}
          </Typography>
          {confirming && (
            <Stack ref={confirmRef} spacing={1} role="group" aria-label={translate('app.calendar.regenerate')}>
              <Typography variant="body2">{translate('app.calendar.regenerate_confirm')}</Typography>
              <Stack direction="row" spacing={1}>
                <Button size="sm" color="red" onClick={() => void regenerate()} loading={pending}>
                  {translate('ra.action.confirm')}
                </Button>
                <Button size="sm" color="outlineGray" onClick={() => setConfirming(false)} disabled={pending}>
                  {translate('ra.action.cancel')}
                </Button>
              </Stack>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions ref={actionsRef} sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        <Button
          size="sm"
          color="outlineGray"
          startIcon={<Autorenew />}
          onClick={() => setConfirming(true)}
          disabled={confirming || pending}
        >
          {translate('app.calendar.regenerate')}
        </Button>
        <Button size="sm" onClick={onClose} disabled={pending}>
          {translate('app.calendar.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
