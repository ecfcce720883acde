import { createContext, useContext, type ReactNode } from 'react';
import { useGetRecordRepresentation, useResourceContext, useTranslate, type RaRecord } from 'react-admin';

/**
 * What the row (or card) an action sits in is called — "Team Agrisense" — so that the same
 * "Modifica" on every row says which one it edits. Lists provide it; dialogs reset it.
 */
const RowNameContext = createContext<string | null>(null);

/** The resource's singular label and the record's representation: "Team Agrisense". */
export function useRowName(record: RaRecord | undefined): string | null {
  const resource = useResourceContext();
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  if (!record || !resource) return null;
  const singular = translate(`resources.${resource}.name`, { smart_count: 1, _: '' });
  const representation = String(represent(record) ?? '').trim();
  return [singular, representation].filter(Boolean).join(' ') || null;
}

export function RowNameProvider({ name, children }: { name: string | null; children: ReactNode }) {
  return <RowNameContext.Provider value={name}>{children}</RowNameContext.Provider>;
}

/** A row's record: provides its name to the actions inside. */
export function RecordRowName({ record, children }: { record: RaRecord; children: ReactNode }) {
  return <RowNameProvider name={useRowName(record)}>{children}</RowNameProvider>;
}

/**
 * An action's accessible name: its label followed by the row's name, unless `of` says otherwise
 * (null: the label alone) or the label already names it.
 */
export function useRowActionName(label: string, of?: string | null): string {
  const rowName = useContext(RowNameContext);
  const name = of === undefined ? rowName : of;
  if (!name || label.includes(name)) return label;
  return `${label} ${name}`;
}
