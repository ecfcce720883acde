import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import { announce } from '../../components/LiveRegion';
import { apiErrorText, errorStatus, fieldErrors } from '../../dataProvider/apiError';
import { portalDataProvider as dataProvider } from '../portalData';
import { teamChanged } from './queries';
import type { Team } from './types';

export interface EditDescriptionDialogProps {
  open: boolean;
  team: Team;
  onClose: () => void;
}

/** PUT /api/teams/{id} with the team's name and coordinator unchanged and the new description. */
export function EditDescriptionDialog({ open, team, onClose }: EditDescriptionDialogProps) {
  const titleId = useId();
  const translate = useTranslate();
  const [description, setDescription] = useState(team.description ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the form is enabled again after a failed save.
  const [focusTarget, setFocusTarget] = useState<{ to: 'field' | 'message' } | null>(null);
  useEffect(() => {
    if (!focusTarget || isPending) return;
    (focusTarget.to === 'field' ? fieldRef.current : errorRef.current)?.focus();
    // Once: a later save that succeeds closes the dialog, and focus then goes back to its opener.
    setFocusTarget(null);
  }, [focusTarget, isPending]);

  useEffect(() => {
    if (open) {
      setDescription(team.description ?? '');
      setFieldError(null);
      setFormError(null);
    }
  }, [open, team.description]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    setPending(true);
    try {
      const { data } = await dataProvider.update<Team>('teams', {
        id: team.id,
        // The description only: echoing the name and coordinator as this page last read them would
        // undo (or, for a member, be refused as) a change staff made meanwhile.
        data: { description },
        previousData: team,
      });
      void teamChanged(team.id, data);
      onClose();
      announce(translate('app.team.description_saved'));
    } catch (error) {
      const fields = fieldErrors(error);
      // Focus goes where the problem is: the field in error, else the message (never the dialog).
      if (fields.description) {
        setFieldError(fields.description);
        setFocusTarget({ to: 'field' });
      } else {
        if (errorStatus(error) === 403) setFormError(translate('app.team.description_forbidden'));
        else setFormError(apiErrorText(error, translate('app.team.description_error')));
        setFocusTarget({ to: 'message' });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('app.team.edit_description')}</DialogTitle>
        <DialogContent>
          {formError && (
            <Typography ref={errorRef} tabIndex={-1} role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
              {formError}
            </Typography>
          )}
          <TextField
            inputRef={fieldRef}
            label={translate('app.team.description')}
            name="description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={4}
            fullWidth
            autoFocus
            margin="dense"
            error={!!fieldError}
            helperText={fieldError ?? ' '}
            slotProps={{ formHelperText: { role: fieldError ? 'alert' : undefined } }}
            disabled={isPending}
          />
        </DialogContent>
        <DialogActions>
          <Button color="outlineGray" size="sm" onClick={onClose} disabled={isPending}>
            {translate('app.team.cancel')}
          </Button>
          <Button type="submit" size="sm" loading={isPending}>
            {translate('app.team.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
