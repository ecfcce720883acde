import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Navigate } from 'react-router';
import { useSession } from '../../authProvider/useSession';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import { CoursesProblem } from './CoursesProblem';
import { EmptyText } from './EmptyText';
import { cardGridSx, MediaCard } from './MediaCard';
import { courseHref, useCourses } from './queries';
import './texts';

/** /courses (Videocorsi): the learner's courses; with exactly one, straight to its modules. */
export default function CourseListPage() {
  const translate = useTranslate();
  usePageTitle(translate('app.courses.title'));
  const { user } = useSession();
  const { data: courses, error, isPending } = useCourses();

  if (error) return <CoursesProblem error={error} list />;
  // The greeting names the user, who may come after the courses. Two or more courses stack taller
  // than a phone's screen (with one, the page moves on to it).
  if (isPending || !courses || !user) return <PageLoader tall="phone" />;
  // One course: nothing to choose, and Back must not land here again.
  if (courses.length === 1) return <Navigate to={courseHref(courses[0].id)} replace />;

  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h2" variant="h2">
          {translate('app.courses.greeting', { name: user.name })}
        </Typography>
        <Typography color="text.secondary">{translate('app.courses.intro')}</Typography>
      </div>
      {courses.length === 0 ? (
        <EmptyText>{translate('app.courses.no_courses')}</EmptyText>
      ) : (
        <Stack component="ul" sx={cardGridSx}>
          {courses.map((course) => (
            <li key={course.id}>
              <MediaCard
                to={courseHref(course.id)}
                cover={course.cover_url}
                title={course.name}
                description={course.description}
                // Where to resume: how far each course is, as the modules show it.
                footer={
                  <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
                    {translate('app.courses.module_progress', {
                      completed: course.completed_lessons,
                      total: course.total_lessons,
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
