import VideoIcon from '@mui/icons-material/OndemandVideo';
import { lazyView, type AdminResource } from '../resource';
import { courseChildRoutes } from './CourseChildRoutes';

/**
 * Video courses: the card grid at /admin/courses, and the pages of a course's modules
 * (/admin/courses/{courseId}/modules) and of a module's lessons as child routes.
 */
export const courses: AdminResource = {
  name: 'courses',
  list: lazyView(() => import('./CourseList'), 'CourseList'),
  icon: VideoIcon,
  recordRepresentation: 'name',
  children: courseChildRoutes,
};
