import type { AdminResource } from '../resource';

/**
 * Modules live under their course: the page is a child route of the courses resource
 * (/admin/courses/{courseId}/modules); this definition names the resource for react-admin.
 */
export const modules: AdminResource = {
  name: 'modules',
  recordRepresentation: 'name',
};
