import { useState, type ReactElement, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { CanAccess, useResourceContext, useTranslate, type RaRecord, type TransformData } from 'react-admin';
import { Button } from '../../components/Button';
import { CreateDialog, EditDialog } from './FormDialog';
import { RowAction } from './RowAction';

export interface CreateRecordButtonProps {
  /** Translation keys of the button and the dialog title. */
  label: string;
  title: string;
  children: ReactNode;
  transform?: TransformData;
  defaultValues?: Record<string, unknown>;
  resource?: string;
}

/** "Nuovo …": shown with the resource's create access, opens the create dialog. */
export function CreateRecordButton({
  label,
  title,
  children,
  transform,
  defaultValues,
  resource: resourceProp,
}: CreateRecordButtonProps) {
  const translate = useTranslate();
  const resource = useResourceContext({ resource: resourceProp })!;
  const [open, setOpen] = useState(false);
  return (
    <CanAccess action="create" resource={resource}>
      <Button size="sm" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <CreateDialog
        open={open}
        onClose={() => setOpen(false)}
        resource={resource}
        title={title}
        transform={transform}
        defaultValues={defaultValues}
      >
        {children}
      </CreateDialog>
    </CanAccess>
  );
}

export interface EditRecordButtonProps {
  record: RaRecord;
  title: string;
  titleOptions?: Record<string, unknown>;
  children: ReactNode;
  transform?: TransformData;
  resource?: string;
  /** What shows while the record loads. */
  loading?: ReactNode;
  /** The control that opens the dialog; an icon button "Modifica" by default. */
  renderOpener?: (open: () => void) => ReactElement;
}

/** "Modifica": shown with the resource's edit access, opens the edit dialog for `record`. */
export function EditRecordButton({
  record,
  title,
  titleOptions,
  children,
  transform,
  resource: resourceProp,
  loading,
  renderOpener,
}: EditRecordButtonProps) {
  const translate = useTranslate();
  const resource = useResourceContext({ resource: resourceProp })!;
  const [open, setOpen] = useState(false);
  const show = () => setOpen(true);
  return (
    <CanAccess action="edit" resource={resource}>
      {renderOpener ? (
        renderOpener(show)
      ) : (
        <RowAction label={translate('ra.action.edit')} icon={<EditIcon />} onClick={show} />
      )}
      <EditDialog
        open={open}
        onClose={() => setOpen(false)}
        id={record.id}
        resource={resource}
        title={title}
        titleOptions={titleOptions}
        transform={transform}
        loading={loading}
      >
        {children}
      </EditDialog>
    </CanAccess>
  );
}
