import { useState, type ReactElement } from 'react';
import { CanAccess } from 'react-admin';
import { RowAction } from './RowAction';

export interface DialogActionProps {
  /** The access that shows the action (checked by the authProvider's canAccess). */
  access: { action: string; resource: string };
  label: string;
  icon: ReactElement;
  dialog: (open: boolean, close: () => void) => ReactElement;
}

/** A row action that opens a dialog, shown only with `access`. */
export function DialogAction({ access, label, icon, dialog }: DialogActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <CanAccess {...access}>
      <RowAction label={label} icon={icon} onClick={() => setOpen(true)} />
      {dialog(open, () => setOpen(false))}
    </CanAccess>
  );
}
