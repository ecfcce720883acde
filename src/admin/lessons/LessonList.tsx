import { useBasename, useGetOne } from 'react-admin';
import { useParams } from 'react-router';
import type { Course, Lesson, Module } from '../../portal/courses/types';
import { CourseChildPage } from '../courses/CourseChildPage';
import { LessonCard, type LessonAction } from './LessonCard';
import { LessonInputs } from './LessonInputs';

/** /admin/courses/{courseId}/modules/{moduleId}/lessons — 'Gestione Lezioni per {module} in {course}'. */
export function LessonList() {
  const basename = useBasename();
  const { courseId = '', moduleId = '' } = useParams();
  const { data: course } = useGetOne<Course>('courses', { id: courseId as unknown as Course['id'] });
  const { data: module } = useGetOne<Module>('modules', { id: moduleId as unknown as Module['id'], meta: { courseId } });

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
