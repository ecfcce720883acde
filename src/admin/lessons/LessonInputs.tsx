import { NumberInput, required, TextInput, type Validator } from 'react-admin';
import { isAcceptedVideoUrl, isValidPosition } from './lessonText';

const position: Validator = (value) =>
  value === null || value === undefined || value === '' || isValidPosition(value) ? undefined : 'resources.lessons.page.position_number';

const videoUrl: Validator = (value) =>
  typeof value !== 'string' || value.trim() === '' || isAcceptedVideoUrl(value.trim()) ? undefined : 'resources.lessons.page.video_url_invalid';

/** Pos. (number), Nome, URL Video (url), Descrizione — the server's rules, checked before sending. */
export function LessonInputs() {
  return (
    <>
      <NumberInput source="position" validate={[required(), position]} step={1} min={1} fullWidth />
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="video_url" type="url" validate={[required(), videoUrl]} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
    </>
  );
}
