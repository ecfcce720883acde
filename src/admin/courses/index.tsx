import VideoIcon from '@mui/icons-material/OndemandVideo';
import { Route } from 'react-router';
import { lazyView, type AdminResource } from '../resource';

const ModuleList = lazyView(() => import('../modules/ModuleList'), 'ModuleList');
const LessonList = lazyView(() => import('../lessons/LessonList'), 'LessonList');

/**
 * Video courses: the card grid at /admin/courses, and the pages of a course's modules
 * (/admin/courses/{courseId}/modules) and of a module's lessons as child routes.
 */
export const courses: AdminResource = {
  name: 'courses',
  list: lazyView(() => import('./CourseList'), 'CourseList'),
  icon: VideoIcon,
  recordRepresentation: 'name',
  children: [
    <Route key="modules" path=":courseId/modules" element={<ModuleList />} />,
    <Route key="lessons" path=":courseId/modules/:moduleId/lessons" element={<LessonList />} />,
  ],
};
