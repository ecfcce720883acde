import type { AdminResource } from '../resource';

/**
 * Lessons live under their module: the page is a child route of the courses resource
 * (/admin/courses/{courseId}/modules/{moduleId}/lessons); this definition names the resource.
 */
export const lessons: AdminResource = {
  name: 'lessons',
  recordRepresentation: 'name',
};
