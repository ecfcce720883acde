import { minValue, number, NumberInput, required, TextInput } from 'react-admin';

/** Pos., Nome, Descrizione: position and name required, description optional. */
export function ModuleInputs() {
  return (
    <>
      <NumberInput source="position" validate={[required(), number(), minValue(1)]} step={1} min={1} fullWidth />
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
    </>
  );
}
