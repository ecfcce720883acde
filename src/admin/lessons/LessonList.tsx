import { useState } from 'react';
import Link from '@mui/material/Link';
import { useBasename, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { Button } from '../../components/Button';
import type { Course, Lesson, Module } from '../../portal/courses/types';
import { CardGrid } from '../common/CardGrid';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Gate } from '../courses/Gate';
import { NestedCreateDialog, NestedEditDialog } from '../courses/NestedFormDialogs';
import { NestedListPage } from '../courses/NestedListPage';
import { useNestedDelete } from '../courses/useNestedDelete';
import { LessonCard, type LessonAction } from './LessonCard';
import { LessonInputs } from './LessonInputs';

type Open = { action: 'create' } | { action: LessonAction; lesson: Lesson } | null;

/** /admin/courses/{courseId}/modules/{moduleId}/lessons — 'Gestione Lezioni per {module} in {course}'. */
export function LessonList() {
  const translate = useTranslate();
  const basename = useBasename();
  const { courseId = '', moduleId = '' } = useParams();
  const meta = { courseId, moduleId };
  const { data: course } = useGetOne<Course>('courses', { id: courseId as unknown as Course['id'] });
  const { data: module } = useGetOne<Module>('modules', { id: moduleId as unknown as Module['id'], meta: { courseId } });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const removal = useNestedDelete('lessons', meta, close);
  const current = open && open.action !== 'create' ? open.lesson : null;

  return (
    <NestedListPage
      resource="lessons"
      meta={meta}
      storeKey={`courses.${courseId}.modules.${moduleId}.lessons.listParams`}
      title={translate('resources.lessons.page.title', { module: module?.name ?? '…', course: course?.name ?? '…' })}
      allHeading="resources.lessons.page.all"
      searchPlaceholder="resources.lessons.page.search"
      before={
        <Link component={RouterLink} to={`${basename}/courses/${courseId}/modules`} underline="hover" sx={{ display: 'inline-block', mb: 1 }}>
          {translate('resources.lessons.page.back')}
        </Link>
      }
      actions={
        <Gate action="create" resource="lessons">
          <Button onClick={() => setOpen({ action: 'create' })} sx={{ whiteSpace: 'nowrap' }}>{translate('resources.lessons.page.create')}</Button>
        </Gate>
      }
    >
      <CardGrid<Lesson>
        empty="resources.lessons.page.empty"
        renderCard={(lesson) => (
          <LessonCard
            lesson={lesson}
            onAction={(action, record) => {
              removal.clearError();
              setOpen({ action, lesson: record });
            }}
          />
        )}
      />
      <NestedCreateDialog
        open={open?.action === 'create'}
        onClose={close}
        resource="lessons"
        meta={meta}
        title={translate('resources.lessons.page.create_title')}
        submitLabel={translate('resources.lessons.page.create_submit')}
      >
        <LessonInputs />
      </NestedCreateDialog>
      {current && (
        <>
          <NestedEditDialog
            open={open?.action === 'edit'}
            onClose={close}
            resource="lessons"
            meta={meta}
            id={current.id}
            title={translate('resources.lessons.page.edit_title')}
            submitLabel={translate('resources.lessons.page.edit_submit')}
          >
            <LessonInputs />
          </NestedEditDialog>
          <ConfirmDialog
            open={open?.action === 'delete'}
            title={translate('resources.lessons.page.delete_title')}
            content={translate('resources.lessons.page.delete_confirm', { name: current.name })}
            onConfirm={() => removal.confirm(current)}
            onClose={close}
            loading={removal.isPending}
            error={removal.error}
          />
        </>
      )}
    </NestedListPage>
  );
}
