import { useRef, useState, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from '../../routing/Link';
import { Button } from '../../components/Button';
import { CardGrid } from '../common/CardGrid';
import { Gate } from '../common/Gate';
import { focusAfterRowRemoval, focusedElement } from '../common/rowName';
import { SearchListPage } from '../common/SearchListPage';
import { CourseChildDialogs, type ChildRecord, type Open, type OpenedRecord } from './CourseChildDialogs';
import { NAME_FILTER, WHOLE_LIST, type ParentMeta } from './listing';
import { useNestedDelete } from './useNestedDelete';
import { OrderMovesProvider } from './OrderMoves';

export type { OpenedRecord };

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
 * The page of a course's modules or of a module's lessons: the way back, h1, search by name, the
 * cards sorted by position (each with "Sposta prima" / "Sposta dopo": OrderMoves), and the create, edit
 * and delete dialogs (CourseChildDialogs). The texts
 * are `resources.<resource>.page.*`.
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
  const opener = useRef<HTMLElement | null>(null);
  const removal = useNestedDelete(resource, meta, () => {
    focusAfterRowRemoval(opener.current);
    close();
  });

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
          <Button onClick={() => setOpen({ action: 'create' })} sx={{ whiteSpace: 'nowrap' }}>
            {translate(`${texts}.create`)}
          </Button>
        </Gate>
      }
    >
      <OrderMovesProvider resource={resource} meta={meta}>
        <CardGrid<RecordType>
          empty={`${texts}.empty`}
          renderCard={(record) =>
            renderCard(record, (action, target) => {
              opener.current = focusedElement();
              removal.clearError();
              setOpen({ action, record: target });
            })
          }
        />
      </OrderMovesProvider>
      <CourseChildDialogs
        resource={resource}
        meta={meta}
        inputs={inputs}
        open={open}
        close={close}
        removal={removal}
        renderOtherDialogs={renderOtherDialogs}
      />
    </SearchListPage>
  );
}
