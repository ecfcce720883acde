import { createContext, useContext, type ReactNode } from 'react';
import { useGetRecordRepresentation, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { holdFocusWhen } from './holdFocus';

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

/**
 * The element focused now: the row or card action a dialog is opened from, kept so that, if the
 * dialog deletes that record, focusAfterRowRemoval knows where the record was.
 */
export function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;
}

/**
 * After a row (or card) is deleted, focus goes to the row that takes its place — its action in the
 * same position — else the one before it, else the page's main heading: never to the page body.
 * `anchor` is any element inside the row being removed; the list reloads after this call, and may
 * be drawn anew (a refetch, a search that applies meanwhile): then the list in the same place of
 * the page is used, and for a moment focus is put back if the redraw takes it away.
 */
export function focusAfterRowRemoval(anchor: HTMLElement | null, timeoutMs = 5000): void {
  const row = anchor?.closest<HTMLElement>('tr, li');
  const list = row?.parentElement;
  if (!row || !list) return;
  const scope = list.closest('main') ?? document.body;
  const sameKind = () => Array.from(scope.querySelectorAll<HTMLElement>(list.tagName));
  const listIndex = sameKind().indexOf(list);
  const index = Array.from(list.children).indexOf(row);
  const actions = Array.from(row.querySelectorAll<HTMLElement>('button, a[href]'));
  const position = anchor
    ? actions.findIndex((action) => anchor.compareDocumentPosition(action) & Node.DOCUMENT_POSITION_FOLLOWING)
    : -1;
  const started = Date.now();

  const place = () => {
    const current = list.isConnected ? list : sameKind()[listIndex];
    const rows = Array.from(current?.children ?? []) as HTMLElement[];
    const next = rows[Math.min(index, rows.length - 1)];
    const nextActions = next ? Array.from(next.querySelectorAll<HTMLElement>('button, a[href]')) : [];
    const target = nextActions[position] ?? nextActions[0] ?? document.querySelector<HTMLElement>('main h1, h1');
    if (!target) return;
    if (!target.matches('button, a[href], input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  // Once the row is gone (or the wait is over), and past the confirm dialog's closing, which gives
  // focus back to the deleted row's button.
  const settled = () => {
    const elapsed = Date.now() - started;
    return (!row.isConnected || elapsed >= timeoutMs) && elapsed >= 400;
  };
  holdFocusWhen(settled, place);
}
