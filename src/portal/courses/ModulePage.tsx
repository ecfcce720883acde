import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import { useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { Link } from '../../routing/Link';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import { BackLink } from './BackLink';
import { lessonsCompletion } from './completion';
import { CompletionBar } from './CompletionBar';
import { CoursesProblem } from './CoursesProblem';
import { EmptyText } from './EmptyText';
import { LessonBadge } from './LessonBadge';
import { courseHref, lessonHref, useLessons, useModule } from './queries';
import './texts';

/** /courses/{courseId}/modules/{moduleId}/lessons: numbered lessons with their state. */
export default function ModulePage() {
  const translate = useTranslate();
  const { courseId = '', moduleId = '' } = useParams();
  const module = useModule(courseId, moduleId);
  const lessons = useLessons(courseId, moduleId);
  usePageTitle(module.data?.name ?? translate('app.courses.title'));

  const error = module.error ?? lessons.error;
  if (error) return <CoursesProblem error={error} missing="module_missing" />;
  if (!module.data || !lessons.data) return <PageLoader />;
  const lessonList = lessons.data;

  return (
    <Stack spacing={3}>
      <div>
        <BackLink to={courseHref(courseId)}>{translate('app.courses.back_to_modules')}</BackLink>
      </div>
      <div>
        <Typography component="h2" variant="h2">
          {module.data.name}
        </Typography>
        {module.data.description && <Typography color="text.secondary">{module.data.description}</Typography>}
      </div>
      <CompletionBar percent={lessonsCompletion(lessonList)} />
      <Typography component="h2" variant="h3">
        {translate('app.courses.lessons')}
      </Typography>
      {lessonList.length === 0 ? (
        <EmptyText>{translate('app.courses.no_lessons')}</EmptyText>
      ) : (
        <Paper variant="outlined">
          <List component="ol" disablePadding aria-label={translate('app.courses.lessons')}>
            {lessonList.map((lesson, index) => (
              <li key={lesson.id}>
                <ListItemButton
                  component={Link}
                  to={lessonHref(courseId, moduleId, lesson.id)}
                  divider={index < lessonList.length - 1}
                  sx={{ gap: 2, py: 1.5 }}
                >
                  <PlayIcon color="primary" aria-hidden="true" />
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {index + 1}. {lesson.name}
                    </Typography>
                  </Box>
                  <LessonBadge completed={lesson.completed} />
                </ListItemButton>
              </li>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
