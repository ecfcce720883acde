import type { ResourceProps } from 'react-admin';
import { courses } from './courses';
import { lessons } from './lessons';
import { modules } from './modules';

/**
 * The back-office resources, one line each: every folder under src/admin/<resource>/ exports its
 * definition (`{name, list, create, edit, icon, recordRepresentation, ...}`) and is listed here.
 */
export const resources: ResourceProps[] = [
  courses,
  modules,
  lessons,
];
