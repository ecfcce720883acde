import { required, TextInput } from 'react-admin';

/** The body of POST/PUT /api/{{kebab}}: a blank description is sent as null. */
export function to{{Singular}}Body(data: Record<string, unknown>) {
  return {
    name: data.name,
    description: typeof data.description === 'string' && data.description.trim() !== '' ? data.description : null,
  };
}

/** The {{one}} form: name (required) and description. */
export function {{Singular}}Inputs() {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline minRows={3} />
    </>
  );
}
