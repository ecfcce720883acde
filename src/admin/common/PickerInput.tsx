import { useState } from 'react';
import {
  InputHelperText,
  useGetMany,
  useInput,
  useTranslate,
  type Identifier,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { SearchPicker, type PickerConfig } from './SearchPicker';

/** Ids from what a form holds: an id, a list of ids, or records with an id (e.g. `teams: [{id, name}]`). */
export function toIds(value: unknown): Identifier[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((item) => (item && typeof item === 'object' ? (item as { id?: Identifier }).id : (item as Identifier)))
    .filter((id): id is Identifier => id !== undefined && id !== null && id !== '');
}

export interface PickerInputProps {
  source: string;
  config: PickerConfig;
  /** Translation key of the label. */
  label: string;
  multiple?: boolean;
  /** Records already known for the initial value (spares a request per id). */
  initialRecords?: RaRecord[];
  validate?: Validator | Validator[];
  helperText?: string;
}

/**
 * A picker as a react-admin form input: the form holds the id (or the list of ids); server field
 * errors show under it like any other input.
 */
export function PickerInput({
  source,
  config,
  label,
  multiple = false,
  initialRecords = [],
  validate,
  helperText,
}: PickerInputProps) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const ids = toIds(field.value);
  const [known, setKnown] = useState<RaRecord[]>(initialRecords);
  const missing = ids.filter((id) => !known.some((record) => record.id === id));
  const { data: fetched } = useGetMany(config.resource, { ids: missing }, { enabled: missing.length > 0 });
  const all = [...known, ...(fetched ?? [])];
  const find = (id: Identifier) => all.find((record) => record.id === id);

  const remember = (records: RaRecord[]) =>
    setKnown((current) => [...current, ...records.filter((record) => !current.some((c) => c.id === record.id))]);

  const errorMessage = fieldState.error?.message;
  // react-admin encodes its validation messages: InputHelperText decodes and translates them.
  const helper =
    errorMessage || helperText ? <InputHelperText error={errorMessage} helperText={helperText} /> : undefined;
  const shownLabel = translate(label, { _: label });

  if (multiple) {
    return (
      <SearchPicker
        multiple
        config={config}
        label={shownLabel}
        required={isRequired}
        name={source}
        value={ids.map(find).filter((record): record is RaRecord => !!record)}
        onChange={(records) => {
          remember(records);
          field.onChange(records.map((record) => record.id));
        }}
        onBlur={field.onBlur}
        error={!!errorMessage}
        helperText={helper}
      />
    );
  }
  return (
    <SearchPicker
      config={config}
      label={shownLabel}
      required={isRequired}
      name={source}
      value={ids[0] !== undefined ? (find(ids[0]) ?? null) : null}
      onChange={(record) => {
        if (record) remember([record]);
        field.onChange(record ? record.id : null);
      }}
      onBlur={field.onBlur}
      error={!!errorMessage}
      helperText={helper}
    />
  );
}
