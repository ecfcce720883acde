import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { useId } from 'react';
import { useTranslate } from 'ra-core';
import { Link } from '../../routing/Link';
import { DENSE_ROW_BLOCK, rowStyles, selectedRowStyles } from '../layout/navItemStyles';
import { lessonHref } from './queries';
import type { Lesson } from './types';

/** A lesson's row: the layout's row look (a dense one), the current lesson's selected. */
const LessonLink = styled(Link)(({ theme }) => ({
  ...rowStyles(theme, DENSE_ROW_BLOCK),
  borderRadius: theme.shape.borderRadius,
  '&[aria-current="page"]': selectedRowStyles(theme, DENSE_ROW_BLOCK),
}));

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
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lessons.map((lesson, index) => {
          const current = String(lesson.id) === currentId;
          return (
            <li key={lesson.id}>
              <LessonLink to={lessonHref(courseId, moduleId, lesson.id)} aria-current={current ? 'page' : undefined}>
                <Typography
                  data-completed={lesson.completed}
                  sx={{
                    fontWeight: current ? 700 : 400,
                    textDecoration: lesson.completed ? 'line-through' : 'none',
                    color: lesson.completed ? 'text.secondary' : 'text.primary',
                  }}
                >
                  {index + 1}. {lesson.name}
                  {lesson.completed && (
                    <span style={visuallyHidden as object}> {translate('app.courses.player.completed_mark')}</span>
                  )}
                </Typography>
              </LessonLink>
            </li>
          );
        })}
      </Box>
    </Paper>
  );
}
