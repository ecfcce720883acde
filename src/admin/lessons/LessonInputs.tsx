import { NumberInput, required, TextInput, type Validator } from 'react-admin';
import { isAcceptedVideoUrl, isValidPosition } from './lessonText';

const position: Validator = (value) =>
  value === null || value === undefined || value === '' || isValidPosition(value)
    ? undefined
    : 'resources.lessons.page.position_number';

const videoUrl: Validator = (value) =>
  typeof value !== 'string' || value.trim() === '' || isAcceptedVideoUrl(value.trim())
    ? undefined
    : 'resources.lessons.page.video_url_invalid';

/** Required for external videos; the server reads the length of /storage/ files itself. */
const videoLength: Validator = (value, values: { video_url?: unknown }) => {
  const blank = value === null || value === undefined || value === '';
  const stored = typeof values.video_url === 'string' && values.video_url.trim().startsWith('/storage/');
  if (blank) return stored ? undefined : 'resources.lessons.page.video_length_required';
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 43200
    ? undefined
    : 'resources.lessons.page.video_length_invalid';
};

/** Pos. (number), Nome, URL Video (url), Durata, Descrizione — the server's rules, checked before sending. */
export function LessonInputs() {
  return (
    <>
      <NumberInput source="position" validate={[required(), position]} step={1} min={1} fullWidth />
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="video_url" type="url" validate={[required(), videoUrl]} fullWidth />
      <NumberInput
        source="video_length"
        validate={videoLength}
        step={1}
        min={1}
        helperText="resources.lessons.page.video_length_help"
        fullWidth
      />
      <TextInput source="description" multiline minRows={3} fullWidth />
    </>
  );
}
