import { required, SelectInput, TextInput } from 'react-admin';

/** The published flag is 1 ("Pubblicato") or 0 ("Non pubblicato"). */
export const PUBLISHED_CHOICES = [
  { id: 1, name: 'resources.courses.page.published' },
  { id: 0, name: 'resources.courses.page.unpublished' },
];

/** The API speaks booleans; the form's select speaks 1/0. */
export const publishedToChoice = (value: unknown) => (value === true ? 1 : value === false ? 0 : value);

/** Form values → the body of POST/PUT /api/courses: published is always sent (the old form forgot it). */
export function courseBody(data: Record<string, unknown>) {
  return {
    name: data.name,
    description: data.description,
    published: Number(data.published) === 1,
  };
}

/** Create and edit share the same inputs: name, description and published, all required. */
export function CourseInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" validate={required()} multiline minRows={3} fullWidth />
      <SelectInput
        source="published"
        choices={PUBLISHED_CHOICES}
        format={publishedToChoice}
        validate={required()}
        fullWidth
      />
    </>
  );
}
