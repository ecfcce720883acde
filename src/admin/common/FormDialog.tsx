import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  CreateBase,
  EditBase,
  Form,
  useEditContext,
  useSaveContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
  type RaRecord,
  type TransformData,
} from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { Button } from '../../components/Button';
import { apiErrorText, errorStatus, fieldErrors } from '../../dataProvider/apiError';
import { useFirstClickOnly } from './useFirstClickOnly';
import { ConfirmDialog } from './ConfirmDialog';
import { FormA11y } from './FormA11y';
import { ListSpinner } from './ResourceTable';

interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  /** Translation key (or text) of the dialog title. */
  title: string;
  titleOptions?: Record<string, unknown>;
  children: ReactNode;
}

/** How the form inside a dialog tells the dialog whether it holds changes not saved yet. */
const ReportChanges = createContext<((changed: boolean) => void) | null>(null);

/**
 * Inside the form: reports its unsaved changes to the dialog around it, as each change happens
 * (a subscription, not a render later), so an Escape pressed right after typing already knows.
 */
function ChangesReporter() {
  const { subscribe } = useFormContext();
  const report = useContext(ReportChanges);
  useEffect(
    () => subscribe({ formState: { isDirty: true }, callback: ({ isDirty }) => report?.(Boolean(isDirty)) }),
    [subscribe, report],
  );
  return null;
}

/**
 * The modal of a form. Escape or a click beside it closes it at once while nothing was typed;
 * with unsaved changes it first asks, so a stray click does not throw away a long description.
 * "Annulla" closes without asking: it says what it does.
 */
function DialogFrame({ open, onClose, title, titleOptions, children }: DialogFrameProps) {
  const translate = useTranslate();
  const titleId = useId();
  const changed = useRef(false);
  const report = useCallback((value: boolean) => {
    changed.current = value;
  }, []);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!open) {
      changed.current = false;
      setAsking(false);
    }
  }, [open]);
  return (
    <ReportChanges.Provider value={report}>
      <Dialog
        open={open}
        onClose={() => (changed.current ? setAsking(true) : onClose())}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{translate(title, titleOptions)}</DialogTitle>
        {children}
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={translate('app.admin.form.discard_title')}
        content={translate('app.admin.form.discard_text')}
        onConfirm={() => {
          setAsking(false);
          // Closed one after the other: the question gives focus back to the form, then the form
          // to what opened it. Closed together, focus went back to a field being removed: the body.
          setTimeout(onClose, 0);
        }}
        onClose={() => setAsking(false)}
      />
    </ReportChanges.Provider>
  );
}

/**
 * The form's submit button: always enabled, so an empty form can be submitted to show what it
 * lacks; busy while the form validates and saves, and a second click meanwhile (a double click)
 * does nothing, so a record is never created twice. Enter in a field submits through this button's
 * click, so it is guarded too.
 */
function SubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  const busy = Boolean(saving) || isSubmitting;
  const maySubmit = useFirstClickOnly(busy);
  return (
    <Button
      type="submit"
      color="primary"
      size="sm"
      loading={busy}
      onClick={(event) => {
        if (!maySubmit()) event.preventDefault();
      }}
    >
      {translate(label)}
    </Button>
  );
}

function FormBody({
  children,
  onClose,
  submitLabel,
  notice,
}: {
  children: ReactNode;
  onClose: () => void;
  submitLabel: string;
  notice?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <ChangesReporter />
      <DialogContent>
        {notice}
        <FormA11y>
          {/* A gap between fields: a helper or error line never touches the next field's label. */}
          <Stack sx={{ pt: 1, gap: 1 }}>{children}</Stack>
        </FormA11y>
      </DialogContent>
      <DialogActions>
        <Button color="outlineGray" size="sm" onClick={onClose}>
          {translate('app.admin.form.cancel')}
        </Button>
        <SubmitButton label={submitLabel} />
      </DialogActions>
    </>
  );
}

/**
 * What the dataProvider needs beyond the resource to build the path of a nested record
 * (a course's modules: `{courseId}`; a module's lessons: `{courseId, moduleId}`).
 */
export type RecordMeta = Record<string, unknown>;

export interface CreateDialogProps<RecordType extends RaRecord = RaRecord> {
  open: boolean;
  onClose: () => void;
  resource?: string;
  /** Passed to the dataProvider's create. */
  meta?: RecordMeta;
  /**
   * The browser's own checks, off unless a form asks for them: the validators and the server give
   * every message in Italian under its field, where the browser's pop-up speaks the browser's
   * language, says nothing of the app's own limits, and would refuse a lesson's /storage/… video
   * (not an absolute URL).
   */
  noValidate?: boolean;
  title: string;
  submitLabel?: string;
  /** The form's inputs (the resource's `<Entity>Inputs`). */
  children: ReactNode;
  defaultValues?: Partial<RecordType>;
  transform?: TransformData;
  /** After the server accepted the record. */
  onCreated?: (record: RecordType) => void;
}

/**
 * A create form in a modal: pessimistic, so the server's 422 field errors appear under
 * the fields and the dialog stays open; it closes once the record is saved. An invalid submit
 * moves focus to the first field in error, whose message is linked to it (FormA11y): react-admin's
 * "invalid form" notification would only repeat it, over the fields at the bottom of the dialog.
 */
export function CreateDialog<RecordType extends RaRecord = RaRecord>({
  open,
  onClose,
  resource,
  meta,
  noValidate = true,
  title,
  submitLabel = 'app.admin.form.create',
  children,
  defaultValues,
  transform,
  onCreated,
}: CreateDialogProps<RecordType>) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <DialogFrame open={open} onClose={onClose} title={title}>
      {open && (
        <CreateBase<RecordType>
          resource={resource}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={{
            meta,
            onSuccess: (record: RecordType) => {
              notify('app.admin.form.created', { type: 'success' });
              refresh();
              onCreated?.(record);
              onClose();
            },
          }}
        >
          <Form
            defaultValues={defaultValues as Record<string, unknown> | undefined}
            noValidate={noValidate}
            disableInvalidFormNotification
          >
            <FormBody onClose={onClose} submitLabel={submitLabel}>
              {children}
            </FormBody>
          </Form>
        </CreateBase>
      )}
    </DialogFrame>
  );
}

function EditFormOrLoading({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const { record, isPending } = useEditContext();
  if (isPending || !record) return <DialogContent>{loading}</DialogContent>;
  return <>{children}</>;
}

export interface EditDialogProps {
  open: boolean;
  onClose: () => void;
  id: Identifier;
  resource?: string;
  /** Passed to the dataProvider's read and update alike. */
  meta?: RecordMeta;
  /** As CreateDialog's. */
  noValidate?: boolean;
  title: string;
  titleOptions?: Record<string, unknown>;
  submitLabel?: string;
  children: ReactNode;
  transform?: TransformData;
  /** Shown while the record loads (roles: 8 skeleton cards). */
  loading?: ReactNode;
}

/**
 * When the record reloads while its form is open (after a refusal, or a refresh), the fields take
 * its new values, except those that were changed in the form.
 */
const KEEP_WHAT_WAS_TYPED = { keepDirtyValues: true } as const;

/**
 * An edit form in a modal: loads the record, saves pessimistically, closes on success. The save
 * is conditional on the record's version (src/dataProvider/editVersions.ts): when someone else
 * saved it in between, nothing is overwritten, the form reloads it keeping what was typed, and it
 * says so above the fields; a second save then applies.
 */
export function EditDialog({
  open,
  onClose,
  id,
  resource,
  meta,
  noValidate = true,
  title,
  titleOptions,
  submitLabel = 'app.admin.form.save',
  children,
  transform,
  loading = <ListSpinner />,
}: EditDialogProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [editedMeanwhile, setEditedMeanwhile] = useState(false);
  useEffect(() => {
    if (!open) setEditedMeanwhile(false);
  }, [open]);
  // The form's own cache entry (meta is part of it): a list leaves a copy of each of its records
  // in the cache, without a version, and the form would open on that copy without asking the API.
  // This way it always opens on the record as it is now, with its version.
  const formMeta = useMemo(() => ({ ...meta, editForm: true }), [meta]);
  return (
    <DialogFrame open={open} onClose={onClose} title={title} titleOptions={titleOptions}>
      {open && (
        <EditBase
          resource={resource}
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          queryOptions={{ meta: formMeta, refetchOnMount: 'always', staleTime: 0 }}
          mutationOptions={{
            meta: formMeta,
            onSuccess: () => {
              notify('app.admin.form.saved', { type: 'success' });
              refresh();
              onClose();
            },
            onError: (error: unknown) => {
              // Someone else saved this record since it was loaded: load it again. The form takes
              // the new values but keeps what was typed in it (keepDirtyValues below), and says so.
              if (errorStatus(error) === 412) {
                setEditedMeanwhile(true);
                refresh();
                return;
              }
              // A 422's messages are under the fields already.
              if (Object.keys(fieldErrors(error)).length) return;
              notify(apiErrorText(error, translate('ra.notification.http_error')), { type: 'error' });
            },
          }}
        >
          <EditFormOrLoading loading={loading}>
            <Form noValidate={noValidate} disableInvalidFormNotification resetOptions={KEEP_WHAT_WAS_TYPED}>
              <FormBody
                onClose={onClose}
                submitLabel={submitLabel}
                notice={
                  editedMeanwhile && (
                    <Alert severity="warning" sx={{ mb: 2 }}>
                      {translate('app.admin.form.edited_meanwhile')}
                    </Alert>
                  )
                }
              >
                {children}
              </FormBody>
            </Form>
          </EditFormOrLoading>
        </EditBase>
      )}
    </DialogFrame>
  );
}
