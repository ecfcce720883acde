import { useEffect, useId, useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { apiErrorText, fieldErrors } from '../../dataProvider/apiError';

export interface SubmitDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Sends the change; a rejection keeps the dialog open with the error. */
  onSubmit: () => Promise<unknown>;
  submitLabel?: string;
  disabled?: boolean;
  /** Failures are only logged and the dialog closes (e.g. session teams). */
  logFailures?: boolean;
  /**
   * Shows a refused change's field messages (a 422's `errors`, first message per field) under the
   * dialog's own fields; the message above the fields is then left out.
   */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

/** A dialog for a change that is not a react-admin form (user roles, video course access). */
export function SubmitDialog({
  open,
  onClose,
  title,
  children,
  onSubmit,
  submitLabel = 'app.admin.form.save',
  disabled,
  logFailures = false,
  onFieldErrors,
}: SubmitDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSubmit();
      notify('app.admin.form.saved', { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      if (logFailures) {
        console.error(`${title}: save failed`, failure);
        onClose();
      } else {
        const fields = fieldErrors(failure);
        if (onFieldErrors && Object.keys(fields).length) onFieldErrors(fields);
        else setError(apiErrorText(failure, translate('app.admin.error')));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
            {error}
          </Typography>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button color="outlineGray" size="sm" onClick={onClose} disabled={saving}>
          {translate('app.admin.form.cancel')}
        </Button>
        <Button size="sm" onClick={submit} loading={saving} disabled={disabled}>
          {translate(submitLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
