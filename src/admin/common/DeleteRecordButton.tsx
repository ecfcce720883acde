import { useRef, useState, type ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  CanAccess,
  useDelete,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { apiErrorText } from '../../dataProvider/apiError';
import { ConfirmDialog } from './ConfirmDialog';
import { RowAction } from './RowAction';
import { focusAfterRowRemoval } from './rowName';

export interface DeleteRecordButtonProps {
  record: RaRecord;
  /** Translation key of the question, given `%{name}`. */
  confirmText: string;
  /** What `%{name}` is for this record. */
  name: string;
  resource?: string;
  /**
   * A refused delete: the server's reason as an error message (`notify`, the default: the user
   * learns why the record is still there, e.g. "Non puoi eliminare il tuo account."), or only
   * logged (`log`: sessions and roles, whose failures the back-office does not show).
   */
  failures?: 'notify' | 'log';
  /** What else the deletion takes with it, shown under the question while the dialog is open. */
  details?: ReactNode;
}

/** Delete through the shared confirm dialog, shown only with the resource's delete access. */
export function DeleteRecordButton({
  record,
  confirmText,
  name,
  resource: resourceProp,
  failures = 'notify',
  details,
}: DeleteRecordButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext({ resource: resourceProp })!;
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const anchorRef = useRef<HTMLSpanElement>(null);

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          focusAfterRowRemoval(anchorRef.current);
          setOpen(false);
          notify('app.admin.form.deleted', { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          if (failures === 'notify') notify(apiErrorText(error, translate('app.admin.error')), { type: 'error' });
          else console.error(`Delete of ${resource}/${record.id} failed`, error);
        },
      },
    );

  return (
    <CanAccess action="delete" resource={resource}>
      <span ref={anchorRef} hidden />
      <RowAction
        label={translate('ra.action.delete')}
        icon={<DeleteIcon />}
        color="error"
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        title={`${translate('ra.action.delete')} ${name}`}
        content={translate(confirmText, { name })}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        loading={isPending}
        details={open ? details : undefined}
      />
    </CanAccess>
  );
}
