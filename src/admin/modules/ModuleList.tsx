import { useBasename, useGetOne } from 'react-admin';
import { useParams } from 'react-router';
import type { Course, Module } from '../../portal/courses/types';
import { CourseChildPage } from '../courses/CourseChildPage';
import { CoverDialog } from '../courses/CoverDialog';
import { ParentNotFound } from '../courses/ParentNotFound';
import { errorStatus } from '../../dataProvider/apiError';
import { ModuleCard, type ModuleAction } from './ModuleCard';
import { ModuleInputs } from './ModuleInputs';

/** /admin/courses/{courseId}/modules — 'Gestione Moduli per {course}'. */
export function ModuleList() {
  const basename = useBasename();
  const { courseId = '' } = useParams();
  const { data: course, error } = useGetOne<Course>('courses', { id: courseId as unknown as Course['id'] });
  if (errorStatus(error) === 404) {
    return (
      <ParentNotFound
        title="resources.modules.page.course_missing"
        backTo={`${basename}/courses`}
        backLabel="resources.modules.page.back"
      />
    );
  }

  return (
    <CourseChildPage<Module, ModuleAction>
      resource="modules"
      meta={{ courseId }}
      storeKey={`courses.${courseId}.modules.listParams`}
      titleOptions={{ course: course?.name ?? '…' }}
      backTo={`${basename}/courses`}
      inputs={<ModuleInputs />}
      renderCard={(module, onAction) => (
        <ModuleCard
          module={module}
          to={`${basename}/courses/${courseId}/modules/${module.id}/lessons`}
          onAction={onAction}
        />
      )}
      renderOtherDialogs={({ action, record }, close) => (
        <CoverDialog
          open={action === 'cover'}
          onClose={close}
          path={`courses/${courseId}/modules/${record.id}`}
          texts="resources.modules.page"
          name={record.name}
        />
      )}
    />
  );
}
