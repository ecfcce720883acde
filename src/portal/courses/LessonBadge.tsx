import Chip from '@mui/material/Chip';
import { useTranslate } from 'ra-core';

/** "Completata" (green) or "Non completata" (red). */
export function LessonBadge({ completed }: { completed: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={completed ? 'success' : 'error'}
      label={translate(completed ? 'app.courses.completed' : 'app.courses.not_completed')}
      sx={{ fontWeight: 600 }}
    />
  );
}
