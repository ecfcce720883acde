import { useRef, useState } from 'react';
import { useDelete, useRefresh, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import type { Course } from '../../portal/courses/types';
import { CardGrid } from '../common/CardGrid';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CreateDialog, EditDialog } from '../common/FormDialog';
import { SearchListPage } from '../common/SearchListPage';
import { CourseCard, type CourseAction } from './CourseCard';
import { courseBody, CourseInputs } from './CourseInputs';
import { CoverDialog } from './CoverDialog';
import { Gate } from '../common/Gate';
import { focusAfterRowRemoval, focusedElement } from '../common/rowName';
import { NAME_FILTER, WHOLE_LIST } from './listing';

type Open = { action: 'create' } | { action: CourseAction; course: Course } | null;

/** /admin/courses — "Gestione Videocorsi": a card grid with search, create, edit, cover and delete. */
export function CourseList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const opener = useRef<HTMLElement | null>(null);
  const [deleteOne, { isPending: deleting }] = useDelete<Course>();
  const current = open && open.action !== 'create' ? open.course : null;

  // A refused course delete shows nothing.
  const confirmDelete = (course: Course) =>
    deleteOne(
      'courses',
      { id: course.id, previousData: course },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => focusAfterRowRemoval(opener.current),
        onSettled: () => {
          close();
          refresh();
        },
      },
    );

  return (
    <SearchListPage
      title="resources.courses.page.title"
      allHeading="resources.courses.page.all"
      searchPlaceholder="resources.courses.page.search"
      searchSource={NAME_FILTER}
      perPage={WHOLE_LIST}
      paginated={false}
      actions={
        <Gate action="create" resource="courses">
          <Button onClick={() => setOpen({ action: 'create' })} sx={{ whiteSpace: 'nowrap' }}>
            {translate('resources.courses.page.create')}
          </Button>
        </Gate>
      }
    >
      <CardGrid<Course>
        empty="resources.courses.page.empty"
        renderCard={(course) => (
          <CourseCard
            course={course}
            onAction={(action, record) => {
              opener.current = focusedElement();
              setOpen({ action, course: record });
            }}
          />
        )}
      />
      <CreateDialog
        open={open?.action === 'create'}
        onClose={close}
        resource="courses"
        title="resources.courses.page.create_title"
        submitLabel="resources.courses.page.create_submit"
        defaultValues={{ published: 0 } as unknown as Partial<Course>}
        transform={courseBody}
      >
        <CourseInputs />
      </CreateDialog>
      {current && (
        <>
          <EditDialog
            open={open?.action === 'edit'}
            onClose={close}
            id={current.id}
            resource="courses"
            title="resources.courses.page.edit_title"
            submitLabel="resources.courses.page.edit_submit"
            transform={courseBody}
          >
            <CourseInputs />
          </EditDialog>
          <CoverDialog
            open={open?.action === 'cover'}
            onClose={close}
            path={`courses/${current.id}`}
            texts="resources.courses.page"
            name={current.name}
          />
          <ConfirmDialog
            open={open?.action === 'delete'}
            title={translate('resources.courses.page.delete_title')}
            content={translate('resources.courses.page.delete_confirm', { name: current.name })}
            onConfirm={() => confirmDelete(current)}
            onClose={close}
            loading={deleting}
          />
        </>
      )}
    </SearchListPage>
  );
}
