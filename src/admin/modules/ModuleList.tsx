import { useState } from 'react';
import Link from '@mui/material/Link';
import { useBasename, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { Button } from '../../components/Button';
import type { Course, Module } from '../../portal/courses/types';
import { CardGrid } from '../common/CardGrid';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CoverDialog } from '../courses/CoverDialog';
import { Gate } from '../courses/Gate';
import { NestedCreateDialog, NestedEditDialog } from '../courses/NestedFormDialogs';
import { NestedListPage } from '../courses/NestedListPage';
import { useNestedDelete } from '../courses/useNestedDelete';
import { ModuleCard, type ModuleAction } from './ModuleCard';
import { ModuleInputs } from './ModuleInputs';

type Open = { action: 'create' } | { action: ModuleAction; module: Module } | null;

/** /admin/courses/{courseId}/modules — 'Gestione Moduli per {course}'. */
export function ModuleList() {
  const translate = useTranslate();
  const basename = useBasename();
  const { courseId = '' } = useParams();
  const meta = { courseId };
  const { data: course } = useGetOne<Course>('courses', { id: courseId as unknown as Course['id'] });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const removal = useNestedDelete('modules', meta, close);
  const current = open && open.action !== 'create' ? open.module : null;

  return (
    <NestedListPage
      resource="modules"
      meta={meta}
      storeKey={`courses.${courseId}.modules.listParams`}
      title={translate('resources.modules.page.title', { course: course?.name ?? '…' })}
      allHeading="resources.modules.page.all"
      searchPlaceholder="resources.modules.page.search"
      before={
        <Link component={RouterLink} to={`${basename}/courses`} underline="hover" sx={{ display: 'inline-block', mb: 1 }}>
          {translate('resources.modules.page.back')}
        </Link>
      }
      actions={
        <Gate action="create" resource="modules">
          <Button onClick={() => setOpen({ action: 'create' })} sx={{ whiteSpace: 'nowrap' }}>{translate('resources.modules.page.create')}</Button>
        </Gate>
      }
    >
      <CardGrid<Module>
        empty="resources.modules.page.empty"
        renderCard={(module) => (
          <ModuleCard
            module={module}
            to={`${basename}/courses/${courseId}/modules/${module.id}/lessons`}
            onAction={(action, record) => {
              removal.clearError();
              setOpen({ action, module: record });
            }}
          />
        )}
      />
      <NestedCreateDialog
        open={open?.action === 'create'}
        onClose={close}
        resource="modules"
        meta={meta}
        title={translate('resources.modules.page.create_title')}
        submitLabel={translate('resources.modules.page.create_submit')}
      >
        <ModuleInputs />
      </NestedCreateDialog>
      {current && (
        <>
          <NestedEditDialog
            open={open?.action === 'edit'}
            onClose={close}
            resource="modules"
            meta={meta}
            id={current.id}
            title={translate('resources.modules.page.edit_title')}
            submitLabel={translate('resources.modules.page.edit_submit')}
          >
            <ModuleInputs />
          </NestedEditDialog>
          <CoverDialog
            open={open?.action === 'cover'}
            onClose={close}
            path={`courses/${courseId}/modules/${current.id}`}
            texts="resources.modules.page"
            name={current.name}
          />
          <ConfirmDialog
            open={open?.action === 'delete'}
            title={translate('resources.modules.page.delete_title')}
            content={translate('resources.modules.page.delete_confirm', { name: current.name })}
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
