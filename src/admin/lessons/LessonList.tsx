import { useBasename, useGetOne } from 'react-admin';
import { useParams } from 'react-router';
import type { Course, Lesson, Module } from '../../portal/courses/types';
import { CourseChildPage } from '../courses/CourseChildPage';
import { ParentNotFound } from '../courses/ParentNotFound';
import { errorStatus } from '../../dataProvider/apiError';
import { LessonCard, type LessonAction } from './LessonCard';
import { LessonInputs } from './LessonInputs';

/** /admin/courses/{courseId}/modules/{moduleId}/lessons — 'Gestione Lezioni per {module} in {course}'. */
export function LessonList() {
  const basename = useBasename();
  const { courseId = '', moduleId = '' } = useParams();
  const { data: course, error: courseError } = useGetOne<Course>('courses', {
    id: courseId as unknown as Course['id'],
  });
  const { data: module, error: moduleError } = useGetOne<Module>('modules', {
    id: moduleId as unknown as Module['id'],
    meta: { courseId },
  });
  if (errorStatus(courseError) === 404) {
    return (
      <ParentNotFound
        title="resources.lessons.page.course_missing"
        backTo={`${basename}/courses`}
        backLabel="resources.lessons.page.back_to_courses"
      />
    );
  }
  if (errorStatus(moduleError) === 404) {
    return (
      <ParentNotFound
        title="resources.lessons.page.module_missing"
        backTo={`${basename}/courses/${courseId}/modules`}
        backLabel="resources.lessons.page.back"
      />
    );
  }

  return (
    <CourseChildPage<Lesson, LessonAction>
      resource="lessons"
      meta={{ courseId, moduleId }}
      storeKey={`courses.${courseId}.modules.${moduleId}.lessons.listParams`}
      titleOptions={{ module: module?.name ?? '…', course: course?.name ?? '…' }}
      backTo={`${basename}/courses/${courseId}/modules`}
      inputs={<LessonInputs />}
      renderCard={(lesson, onAction) => <LessonCard lesson={lesson} onAction={onAction} />}
    />
  );
}
