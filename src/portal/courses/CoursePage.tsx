import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import { BackLink } from './BackLink';
import { completionPercent } from './completion';
import { CompletionBar } from './CompletionBar';
import { CoursesProblem } from './CoursesProblem';
import { EmptyText } from './EmptyText';
import { cardGridSx, MediaCard } from './MediaCard';
import { moduleHref, useCourse, useModules } from './queries';
import './texts';

/** /courses/{courseId}/modules: the course's completion and its modules. */
export default function CoursePage() {
  const translate = useTranslate();
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const modules = useModules(courseId);
  usePageTitle(course.data?.name ?? translate('app.courses.title'));

  const error = course.error ?? modules.error;
  if (error) return <CoursesProblem error={error} />;
  // The progress and one module card already fill a phone's screen.
  if (!course.data || !modules.data) return <PageLoader tall="phone" />;

  return (
    <Stack spacing={3}>
      <div>
        <BackLink to="/courses">{translate('app.courses.back_to_courses')}</BackLink>
      </div>
      <div>
        <Typography component="h2" variant="h2">
          {course.data.name}
        </Typography>
        <Typography color="text.secondary">{course.data.description}</Typography>
      </div>
      <CompletionBar percent={completionPercent(course.data.completed_lessons, course.data.total_lessons)} />
      <Typography component="h2" variant="h3">
        {translate('app.courses.modules')}
      </Typography>
      {modules.data.length === 0 ? (
        <EmptyText>{translate('app.courses.no_modules')}</EmptyText>
      ) : (
        <Stack component="ul" sx={cardGridSx}>
          {modules.data.map((module) => (
            <li key={module.id}>
              <MediaCard
                to={moduleHref(courseId, module.id)}
                cover={module.cover_url}
                title={module.name}
                description={module.description}
                footer={
                  <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
                    {translate('app.courses.module_progress', {
                      completed: module.completed_lessons,
                      total: module.total_lessons,
                    })}
                  </Typography>
                }
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
