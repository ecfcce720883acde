import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useBasename, useTranslate } from 'react-admin';
import type { Course } from '../../portal/courses/types';
import { CoverCard, type CoverCardAction } from './CoverCard';

export type CourseAction = CoverCardAction;

/** A course: cover, name, description, published state; links to its modules. */
export function CourseCard({
  course,
  onAction,
}: {
  course: Course;
  onAction: (action: CourseAction, course: Course) => void;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <CoverCard
      resource="courses"
      name={course.name}
      coverUrl={course.cover_url}
      to={`${basename}/courses/${course.id}/modules`}
      onAction={(action) => onAction(action, course)}
    >
      <Typography component="h3" variant="h3" gutterBottom>
        {course.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {course.description}
      </Typography>
      <Chip
        size="small"
        color={course.published ? 'success' : 'default'}
        label={translate(course.published ? 'resources.courses.page.published' : 'resources.courses.page.unpublished')}
      />
    </CoverCard>
  );
}
