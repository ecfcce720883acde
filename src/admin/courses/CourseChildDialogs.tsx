import type { ReactNode } from 'react';
import { useListContext, useTranslate, type Identifier } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CreateDialog, EditDialog } from '../common/FormDialog';
import type { ParentMeta } from './listing';
import type { useNestedDelete } from './useNestedDelete';

export interface ChildRecord {
  id: Identifier;
  name: string;
}

/** The record whose action (edit, delete, …) has opened a dialog. */
export interface OpenedRecord<Action extends string, RecordType extends ChildRecord> {
  action: Action;
  record: RecordType;
}

/** Which dialog is open: create, one record's action, or none. */
export type Open<Action extends string, RecordType extends ChildRecord> =
  { action: 'create' } | OpenedRecord<Action, RecordType> | null;

export interface CourseChildDialogsProps<RecordType extends ChildRecord, Action extends string> {
  resource: 'modules' | 'lessons';
  meta: ParentMeta;
  inputs: ReactNode;
  open: Open<Action, RecordType>;
  close: () => void;
  removal: ReturnType<typeof useNestedDelete>;
  renderOtherDialogs?: (opened: OpenedRecord<Action, RecordType>, close: () => void) => ReactNode;
}

/**
 * The dialogs of a module or lesson page: create, edit, the resource's own (a module's cover), and
 * the delete confirmation, where a refused delete stays as text.
 */
export function CourseChildDialogs<RecordType extends ChildRecord, Action extends string>({
  resource,
  meta,
  inputs,
  open,
  close,
  removal,
  renderOtherDialogs,
}: CourseChildDialogsProps<RecordType, Action>) {
  const translate = useTranslate();
  const texts = `resources.${resource}.page`;
  const opened = open && open.action !== 'create' ? (open as OpenedRecord<Action, RecordType>) : null;
  const current = opened?.record;
  const position = useNextPosition();
  return (
    <>
      <CreateDialog
        open={open?.action === 'create'}
        onClose={close}
        resource={resource}
        meta={meta}
        title={`${texts}.create_title`}
        submitLabel={`${texts}.create_submit`}
        defaultValues={position === undefined ? undefined : { position }}
      >
        {inputs}
      </CreateDialog>
      {opened && current && (
        <>
          <EditDialog
            open={opened.action === 'edit'}
            onClose={close}
            resource={resource}
            meta={meta}
            id={current.id}
            title={`${texts}.edit_title`}
            submitLabel={`${texts}.edit_submit`}
          >
            {inputs}
          </EditDialog>
          {renderOtherDialogs?.(opened, close)}
          <ConfirmDialog
            open={opened.action === 'delete'}
            title={translate(`${texts}.delete_title`)}
            content={translate(`${texts}.delete_confirm`, { name: current.name })}
            onConfirm={() => removal.confirm(current)}
            onClose={close}
            loading={removal.isPending}
            error={removal.error}
          />
        </>
      )}
    </>
  );
}

/**
 * The place after the last one, offered in the create form: each place holds one module or lesson,
 * and the page lists them all. Not offered while a search narrows the list (the last place shown
 * may not be the last one), nor before the list has loaded.
 */
function useNextPosition(): number | undefined {
  const { data, filterValues, isPending } = useListContext<ChildRecord & { position?: number }>();
  if (isPending || !data || Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== ''))
    return undefined;
  return data.reduce((last, record) => Math.max(last, Number(record.position) || 0), 0) + 1;
}
