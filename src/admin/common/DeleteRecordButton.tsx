import { useRef, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { CanAccess, useDelete, useNotify, useRefresh, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
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
}

/**
 * Delete through the shared confirm dialog, shown only with the resource's delete access.
 * Failures are logged, not shown.
 */
export function DeleteRecordButton({ record, confirmText, name, resource: resourceProp }: DeleteRecordButtonProps) {
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
          console.error(`Delete of ${resource}/${record.id} failed`, error);
          setOpen(false);
        },
      },
    );

  return (
    <CanAccess action="delete" resource={resource}>
      <span ref={anchorRef} hidden />
      <RowAction label={translate('ra.action.delete')} icon={<DeleteIcon />} color="error" onClick={() => setOpen(true)} />
      <ConfirmDialog
        open={open}
        title={`${translate('ra.action.delete')} ${name}`}
        content={translate(confirmText, { name })}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        loading={isPending}
      />
    </CanAccess>
  );
}
