import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  CreateBase,
  EditBase,
  Form,
  SaveButton,
  useEditContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Button } from '../../components/Button';
import { ListSpinner } from '../common/ResourceTable';

/**
 * Create and edit dialogs for records nested under a parent (a course's modules, a module's
 * lessons): like src/admin/common/FormDialog.tsx, plus the `meta` ({courseId, moduleId}) the
 * dataProvider needs to build the path, identical for the read and the save. The browser's own
 * checks are off (`noValidate`): a lesson's /storage/… video is not an absolute URL, and the
 * validators give the Italian messages.
 */
export type ParentMeta = { courseId: Identifier; moduleId?: Identifier };

interface FrameProps {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  children: ReactNode;
}

function Frame({ open, onClose, title, children }: Omit<FrameProps, 'submitLabel'>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

function Body({ onClose, submitLabel, children }: Omit<FrameProps, 'open' | 'title'>) {
  const translate = useTranslate();
  return (
    <>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>{children}</Stack>
      </DialogContent>
      <DialogActions>
        <Button color="outlineGray" size="sm" onClick={onClose}>
          {translate('app.admin.form.cancel')}
        </Button>
        <SaveButton label={submitLabel} icon={<></>} alwaysEnable />
      </DialogActions>
    </>
  );
}

export interface NestedCreateDialogProps extends FrameProps {
  resource: string;
  meta: ParentMeta;
  defaultValues?: Record<string, unknown>;
}

/** Pessimistic create: 422 field errors show under the fields and the dialog stays open. */
export function NestedCreateDialog({ open, onClose, resource, meta, title, submitLabel, defaultValues, children }: NestedCreateDialogProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Frame open={open} onClose={onClose} title={title}>
      {open && (
        <CreateBase
          resource={resource}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{
            meta,
            onSuccess: () => {
              notify('app.admin.form.created', { type: 'success' });
              refresh();
              onClose();
            },
          }}
        >
          <Form defaultValues={defaultValues} noValidate>
            <Body onClose={onClose} submitLabel={submitLabel}>
              {children}
            </Body>
          </Form>
        </CreateBase>
      )}
    </Frame>
  );
}

function WhenLoaded({ children }: { children: ReactNode }) {
  const { record, isPending } = useEditContext();
  if (isPending || !record) {
    return (
      <DialogContent>
        <ListSpinner />
      </DialogContent>
    );
  }
  return <>{children}</>;
}

export interface NestedEditDialogProps extends FrameProps {
  resource: string;
  meta: ParentMeta;
  id: Identifier;
}

/** Pessimistic edit, prefilled with the record as the server has it now. */
export function NestedEditDialog({ open, onClose, resource, meta, id, title, submitLabel, children }: NestedEditDialogProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Frame open={open} onClose={onClose} title={title}>
      {open && (
        <EditBase
          resource={resource}
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          queryOptions={{ meta, refetchOnMount: 'always' }}
          mutationOptions={{
            meta,
            onSuccess: () => {
              notify('app.admin.form.saved', { type: 'success' });
              refresh();
              onClose();
            },
          }}
        >
          <WhenLoaded>
            <Form noValidate>
              <Body onClose={onClose} submitLabel={submitLabel}>
                {children}
              </Body>
            </Form>
          </WhenLoaded>
        </EditBase>
      )}
    </Frame>
  );
}
