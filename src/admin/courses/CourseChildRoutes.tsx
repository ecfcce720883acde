import { Route } from 'react-router';
import { lazyView } from '../resource';

const ModuleList = lazyView(() => import('../modules/ModuleList'), 'ModuleList');
const LessonList = lazyView(() => import('../lessons/LessonList'), 'LessonList');

/** The pages under a course: its modules (/admin/courses/{courseId}/modules) and a module's lessons. */
export const courseChildRoutes = [
  <Route key="modules" path=":courseId/modules" element={<ModuleList />} />,
  <Route key="lessons" path=":courseId/modules/:moduleId/lessons" element={<LessonList />} />,
];
