import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import { Route } from 'react-router';
import type { ResourceProps } from 'react-admin';
import { LessonList } from '../lessons';
import { ModuleList } from '../modules';
import { CourseList } from './CourseList';

/**
 * Video courses: the card grid at /admin/courses, and the pages of a course's modules and of a
 * module's lessons as child routes (SPEC §2 admin routes).
 */
export const courses: ResourceProps = {
  name: 'courses',
  list: CourseList,
  icon: VideoIcon,
  recordRepresentation: 'name',
  children: [
    <Route key="modules" path=":courseId/modules" element={<ModuleList />} />,
    <Route key="lessons" path=":courseId/modules/:moduleId/lessons" element={<LessonList />} />,
  ],
};
