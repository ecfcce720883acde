import { useState, type Dispatch, type SetStateAction } from 'react';

export interface DialogDraft<T> {
  /** The value as it was when the dialog opened: what the user saw and changed. */
  shown: T;
  /** The user's working copy, started from `shown`. */
  draft: T;
  setDraft: Dispatch<SetStateAction<T>>;
}

/**
 * A dialog's working copy of a record's value, taken when the dialog opens and left to the user
 * until it closes. The list under the dialog may load again meanwhile (another admin's save, the
 * window regaining focus) and hand down a new `current`: that neither undoes the user's picks nor
 * moves the baseline their changes are measured against.
 */
export function useDraftWhileOpen<T>(open: boolean, current: T): DialogDraft<T> {
  const [shown, setShown] = useState(current);
  const [draft, setDraft] = useState(current);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Adjusted during render, so the first frame of an opened dialog already shows the record.
    setWasOpen(open);
    if (open) {
      setShown(current);
      setDraft(current);
    }
  }
  return { shown, draft, setDraft };
}
