import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import { Button } from '../../components/Button';

/** Team members and session modals scroll at 24rem. */
export const MODAL_LIST_MAX_HEIGHT = '24rem';

export interface ScrollDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Above the scrolling list (e.g. the picker to add someone). */
  header?: ReactNode;
  children: ReactNode;
  /** Extra buttons beside "Chiudi". */
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md';
}

/** A modal whose list scrolls inside a 24rem box. */
export function ScrollDialog({ open, title, onClose, header, children, actions, maxWidth = 'sm' }: ScrollDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {header && <Box sx={{ mb: 2, pt: 1 }}>{header}</Box>}
        <Box
          sx={{ maxHeight: MODAL_LIST_MAX_HEIGHT, overflowY: 'auto' }}
          data-testid="modal-scroll"
          tabIndex={0}
          role="region"
          aria-labelledby={titleId}
        >
          {children}
        </Box>
      </DialogContent>
      <DialogActions>
        {actions}
        <Button color="outlineGray" size="sm" onClick={onClose}>
          {translate('app.admin.form.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
