import type { ResourceProps } from 'react-admin';

/**
 * Lessons live under their module: the page is a child route of the courses resource
 * (/admin/courses/{courseId}/modules/{moduleId}/lessons); this definition names the resource.
 */
export const lessons: ResourceProps = {
  name: 'lessons',
  recordRepresentation: 'name',
};

export { LessonList } from './LessonList';
