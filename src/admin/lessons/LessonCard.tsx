import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import type { Lesson } from '../../portal/courses/types';
import { formatDuration } from '../../dates/duration';
import { lessonSummary } from './lessonText';
import { MoveButtons } from '../courses/OrderMoves';

export type LessonAction = 'edit' | 'delete';

/**
 * "position. name", the first 64 characters of the description; "Modifica", "Elimina" and the moves
 * ("Sposta prima" / "Sposta dopo") are not gated: the server is.
 */
export function LessonCard({
  lesson,
  onAction,
}: {
  lesson: Lesson;
  onAction: (action: LessonAction, lesson: Lesson) => void;
}) {
  const translate = useTranslate();
  const summary = lessonSummary(lesson.description);
  return (
    <Card variant="outlined" sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography component="h3" variant="h3" gutterBottom>
          {lesson.position}. {lesson.name}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontStyle: summary ? 'normal' : 'italic', overflowWrap: 'anywhere' }}
        >
          {summary ?? translate('resources.lessons.page.no_description')}
        </Typography>
        <Typography variant="body2" color={lesson.video_length ? 'text.secondary' : 'error'} sx={{ mt: 1 }}>
          {lesson.video_length
            ? translate('resources.lessons.page.length', { length: formatDuration(lesson.video_length) })
            : translate('resources.lessons.page.length_missing')}
        </Typography>
      </CardContent>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button
          size="sm"
          color="outlinePrimary"
          onClick={() => onAction('edit', lesson)}
          aria-label={`${translate('resources.lessons.page.edit')} ${lesson.name}`}
        >
          {translate('resources.lessons.page.edit')}
        </Button>
        <Button
          size="sm"
          color="red"
          onClick={() => onAction('delete', lesson)}
          aria-label={`${translate('resources.lessons.page.delete')} ${lesson.name}`}
        >
          {translate('resources.lessons.page.delete')}
        </Button>
        <MoveButtons resource="lessons" record={lesson} />
      </CardActions>
    </Card>
  );
}
