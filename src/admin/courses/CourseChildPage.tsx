import { useState, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import { useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { Button } from '../../components/Button';
import { CardGrid } from '../common/CardGrid';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CreateDialog, EditDialog } from '../common/FormDialog';
import { Gate } from '../common/Gate';
import { SearchListPage } from '../common/SearchListPage';
import { NAME_FILTER, WHOLE_LIST, type ParentMeta } from './listing';
import { useNestedDelete } from './useNestedDelete';

interface ChildRecord {
  id: Identifier;
  name: string;
}

/** The record whose action (edit, delete, …) has opened a dialog. */
export interface OpenedRecord<Action extends string, RecordType extends ChildRecord> {
  action: Action;
  record: RecordType;
}

type Open<Action extends string, RecordType extends ChildRecord> = { action: 'create' } | OpenedRecord<Action, RecordType> | null;

export interface CourseChildPageProps<RecordType extends ChildRecord, Action extends string> {
  resource: 'modules' | 'lessons';
  meta: ParentMeta;
  /** Each parent keeps its own search and sort (modules of course A ≠ modules of course B). */
  storeKey: string;
  /** Values of the `resources.<resource>.page.title` placeholders. */
  titleOptions: Record<string, unknown>;
  /** The parent's page, linked above the title. */
  backTo: string;
  /** The inputs of the create and edit forms. */
  inputs: ReactNode;
  renderCard: (record: RecordType, onAction: (action: Action, record: RecordType) => void) => ReactNode;
  /** The dialogs of the resource's other actions (a module's cover). */
  renderOtherDialogs?: (opened: OpenedRecord<Action, RecordType>, close: () => void) => ReactNode;
}

/**
 * The page of a course's modules or of a module's lessons (SPEC §2): the way back, h1, search by
 * name, the cards sorted by position, and the create, edit and delete dialogs. The texts are
 * `resources.<resource>.page.*`; a refused delete stays in the confirmation as text (SPEC §8).
 */
export function CourseChildPage<RecordType extends ChildRecord, Action extends string>({
  resource,
  meta,
  storeKey,
  titleOptions,
  backTo,
  inputs,
  renderCard,
  renderOtherDialogs,
}: CourseChildPageProps<RecordType, Action>) {
  const translate = useTranslate();
  const texts = `resources.${resource}.page`;
  const [open, setOpen] = useState<Open<Action, RecordType>>(null);
  const close = () => setOpen(null);
  const removal = useNestedDelete(resource, meta, close);
  const opened = open && open.action !== 'create' ? (open as OpenedRecord<Action, RecordType>) : null;
  const current = opened?.record;

  return (
    <SearchListPage
      resource={resource}
      meta={meta}
      storeKey={storeKey}
      title={`${texts}.title`}
      titleOptions={titleOptions}
      allHeading={`${texts}.all`}
      searchPlaceholder={`${texts}.search`}
      searchSource={NAME_FILTER}
      perPage={WHOLE_LIST}
      sort={{ field: 'position', order: 'ASC' }}
      paginated={false}
      before={
        <Link component={RouterLink} to={backTo} underline="hover" sx={{ display: 'inline-block', mb: 1 }}>
          {translate(`${texts}.back`)}
        </Link>
      }
      actions={
        <Gate action="create" resource={resource}>
          <Button onClick={() => setOpen({ action: 'create' })} sx={{ whiteSpace: 'nowrap' }}>{translate(`${texts}.create`)}</Button>
        </Gate>
      }
    >
      <CardGrid<RecordType>
        empty={`${texts}.empty`}
        renderCard={(record) =>
          renderCard(record, (action, target) => {
            removal.clearError();
            setOpen({ action, record: target });
          })
        }
      />
      <CreateDialog
        open={open?.action === 'create'}
        onClose={close}
        resource={resource}
        meta={meta}
        noValidate
        title={`${texts}.create_title`}
        submitLabel={`${texts}.create_submit`}
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
            noValidate
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
    </SearchListPage>
  );
}
