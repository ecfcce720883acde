import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId } from 'react';
import { useTranslate } from 'ra-core';
import { Link } from '../../routing/Link';
import { lessonHref } from './queries';
import type { Lesson } from './types';

export interface LessonSidebarProps {
  courseId: string;
  moduleId: string;
  lessons: Lesson[];
  currentId: string;
}

/**
 * "Lezioni nel modulo": completed lessons struck through, the current one bold. What the eye reads
 * from the style is also said in words: "(completata)" after a completed lesson's name, and the
 * current one is the page's (aria-current).
 */
export function LessonSidebar({ courseId, moduleId, lessons, currentId }: LessonSidebarProps) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="aside" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 1 }}>
        {translate('app.courses.player.sidebar')}
      </Typography>
      <List component="ol" dense disablePadding>
        {lessons.map((lesson, index) => {
          const current = String(lesson.id) === currentId;
          return (
            <li key={lesson.id}>
              <ListItemButton
                component={Link}
                to={lessonHref(courseId, moduleId, lesson.id)}
                selected={current}
                aria-current={current ? 'page' : undefined}
                sx={{ borderRadius: 1 }}
              >
                <Typography
                  data-completed={lesson.completed}
                  sx={{
                    fontWeight: current ? 700 : 400,
                    textDecoration: lesson.completed ? 'line-through' : 'none',
                    color: lesson.completed ? 'text.secondary' : 'text.primary',
                  }}
                >
                  {index + 1}. {lesson.name}
                  {lesson.completed && <span style={visuallyHidden as object}> {translate('app.courses.player.completed_mark')}</span>}
                </Typography>
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Paper>
  );
}
