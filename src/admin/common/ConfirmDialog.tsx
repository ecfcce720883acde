import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { useFirstClickOnly } from './useFirstClickOnly';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  content: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** An error to show inside the dialog (e.g. a refused delete). */
  error?: string | null;
  /** More to know before confirming, under the question (what else a deletion takes with it). */
  details?: ReactNode;
}

/** The shared confirmation dialog: "Conferma" / "Annulla". */
export function ConfirmDialog({
  open,
  title,
  content,
  onConfirm,
  onClose,
  loading = false,
  error,
  details,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  // One confirmation per opening: a double click on "Conferma" deleted, then reported the record missing.
  const mayConfirm = useFirstClickOnly(loading, open, error);
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{content}</DialogContentText>
        {details}
        {error && (
          <DialogContentText role="alert" color="error" sx={{ mt: 1 }}>
            {error}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="outlineGray" size="sm" onClick={onClose} disabled={loading}>
          {translate('app.admin.confirm.cancel')}
        </Button>
        <Button color="red" size="sm" onClick={() => mayConfirm() && onConfirm()} loading={loading}>
          {translate('app.admin.confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
