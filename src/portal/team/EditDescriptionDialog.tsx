import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useUpdate } from 'ra-core';
import { Button } from '../../components/Button';
import { announce } from '../../components/LiveRegion';
import type { Team } from './types';

const GENERIC_ERROR = 'Non è stato possibile salvare la descrizione. Riprova.';
const SAVED = 'Descrizione salvata.';

function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = (error as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const flat: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') flat[field] = first;
  }
  return flat;
}

export interface EditDescriptionDialogProps {
  open: boolean;
  team: Team;
  onClose: () => void;
}

/** PUT /api/teams/{id} with the team's name and coordinator unchanged and the new description. */
export function EditDescriptionDialog({ open, team, onClose }: EditDescriptionDialogProps) {
  const titleId = useId();
  const [description, setDescription] = useState(team.description ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate<Team>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the form is enabled again after a failed save.
  const [focusTarget, setFocusTarget] = useState<{ to: 'field' | 'message' } | null>(null);
  useEffect(() => {
    if (!focusTarget || isPending) return;
    (focusTarget.to === 'field' ? fieldRef.current : errorRef.current)?.focus();
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
    try {
      await update(
        'teams',
        {
          id: team.id,
          data: { name: team.name, description, owner_id: team.owner_id },
          previousData: team,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      onClose();
      announce(SAVED);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      // Focus goes where the problem is: the field in error, else the message (never the dialog).
      if (fields.description) {
        setFieldError(fields.description);
        setFocusTarget({ to: 'field' });
      } else {
        if ((error as { status?: number } | null)?.status === 403) setFormError('Non hai i permessi per modificare questo team.');
        else setFormError(Object.values(fields)[0] ?? GENERIC_ERROR);
        setFocusTarget({ to: 'message' });
      }
    }
  };

  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Modifica descrizione</DialogTitle>
        <DialogContent>
          {formError && (
            <Typography ref={errorRef} tabIndex={-1} role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
              {formError}
            </Typography>
          )}
          <TextField
            inputRef={fieldRef}
            label="Descrizione"
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
            Annulla
          </Button>
          <Button type="submit" size="sm" loading={isPending}>
            Salva
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
