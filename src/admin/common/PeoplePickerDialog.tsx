import { useEffect, useRef, useState, type ReactNode } from 'react';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { apiErrorText } from '../../dataProvider/apiError';
import { holdFocus, type ReleaseFocus } from './holdFocus';
import { EmptyState, ListSpinner } from './ResourceTable';
import { RowAction } from './RowAction';
import { ScrollDialog } from './ScrollDialog';
import { SearchPicker, type PickerConfig } from './SearchPicker';
import { fullName } from './text';
import type { PersonSummary } from '../../../server/src/contract';

/** A person of the list: what the API's person summaries (members, experts) all have. */
export type Person = Pick<PersonSummary, 'id' | 'name' | 'surname' | 'email' | 'avatar'>;

export interface PeoplePickerDialogProps<P extends Person = Person> {
  open: boolean;
  onClose: () => void;
  /** Translation keys: the title (with %{name}), the picker's label, the add button, the empty list, the remove button (with %{name}). */
  texts: { title: string; pick: string; add: string; empty: string; remove: string };
  /** The record the people belong to (its name goes in the title). */
  record: RaRecord;
  picker: PickerConfig;
  people: P[] | undefined;
  /** A line under a person's e-mail address (e.g. since when they are a member); none when absent. */
  detail?: (person: P) => string;
  /** Another action of a person's row, before the remove button (e.g. changing their join date). */
  rowAction?: (person: P) => ReactNode;
  loading: boolean;
  add: (id: Identifier) => Promise<unknown>;
  /** More of what an addition says, under the picker (e.g. the day a member joined). */
  addFields?: ReactNode;
  /** A failed addition the caller shows itself (a field's message under its field): true when it did. */
  addError?: (error: unknown) => boolean;
  remove: (id: Identifier) => Promise<unknown>;
  /** Reloads `people` after a change. */
  reload: () => Promise<unknown>;
  /** A failed change is shown as a notification, or only logged to the console. */
  failures: 'notify' | 'log';
  /** Shown under the people (e.g. those who were members before). */
  footer?: ReactNode;
}

/**
 * The people of a record (a team's members, a session's experts) in a scrolling modal: add one
 * through the picker, remove one with its row button; the list behind reloads after each change.
 */
/** An e-mail address that may break onto a second line before its @. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export function PeoplePickerDialog<P extends Person>({
  open,
  onClose,
  texts,
  record,
  picker,
  people,
  detail,
  rowAction,
  loading,
  add,
  addFields,
  addError,
  remove,
  reload,
  failures,
  footer,
}: PeoplePickerDialogProps<P>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Focus kept on the dialog's controls after a change is let go with the dialog (only that hold:
  // a closed dialog unmounts with its row, while the list holds focus for the row that follows).
  const releaseHold = useRef<ReleaseFocus | null>(null);
  useEffect(() => () => releaseHold.current?.(), []);

  /*
   * Focus never falls back to the dialog: after an add it returns to the picker (to add the next
   * one); after a remove it goes to the remove button now in that place, else the one before it,
   * else the picker.
   */
  const focusPicker = () => headerRef.current?.querySelector<HTMLElement>('input')?.focus();
  const focusRemoveAt = (index: number) => {
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-remove-person]') ?? []);
    const target = buttons[Math.min(index, buttons.length - 1)];
    if (target) target.focus();
    else focusPicker();
  };

  const afterChange = async () => {
    await reload();
    refresh();
  };
  const onError = (error: unknown) => {
    if (failures === 'notify') notify(apiErrorText(error, translate('app.admin.error')), { type: 'error' });
    else console.error(`${record.id}: change failed`, error);
  };
  const adding = useMutation({
    mutationFn: add,
    onSuccess: async () => {
      setPicked(null);
      await afterChange();
      requestAnimationFrame(() => {
        releaseHold.current = holdFocus(focusPicker);
      });
    },
    onError: (error) => {
      if (!addError?.(error)) onError(error);
    },
  });
  const removing = useMutation({
    mutationFn: (person: { id: Identifier; index: number }) => remove(person.id),
    onSuccess: async (_, person) => {
      await afterChange();
      requestAnimationFrame(() => {
        releaseHold.current = holdFocus(() => focusRemoveAt(person.index));
      });
    },
    onError,
  });

  return (
    <ScrollDialog
      open={open}
      onClose={onClose}
      title={translate(texts.title, { name: record.name })}
      header={
        <Box ref={headerRef}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flex: 1 }}>
              <SearchPicker
                config={picker}
                label={translate(texts.pick)}
                value={picked}
                onChange={setPicked}
                excludeIds={(people ?? []).map((person) => person.id)}
              />
            </Box>
            <Button
              size="sm"
              disabled={!picked}
              loading={adding.isPending}
              onClick={() => picked && adding.mutate(picked.id)}
            >
              {translate(texts.add)}
            </Button>
          </Box>
          {addFields && <Box sx={{ mt: 2 }}>{addFields}</Box>}
        </Box>
      }
    >
      {loading ? (
        <ListSpinner />
      ) : !people?.length ? (
        <EmptyState text={translate(texts.empty)} />
      ) : (
        <List dense ref={listRef}>
          {people.map((person, index) => (
            <ListItem
              key={person.id}
              divider
              // Two actions take twice the room the list keeps for one.
              sx={rowAction ? { pr: 12 } : undefined}
              secondaryAction={
                <>
                  {rowAction?.(person)}
                  <RowAction
                    of={null}
                    label={translate(texts.remove, { name: fullName(person) })}
                    icon={<PersonRemoveIcon />}
                    color="error"
                    onClick={() => removing.mutate({ id: person.id, index })}
                    data-remove-person
                  />
                </>
              }
            >
              <ListItemAvatar>
                <Avatar name={fullName(person)} path={person.avatar} size={32} decorative />
              </ListItemAvatar>
              {/* A long e-mail address breaks before its @ (else anywhere) rather than run under the remove button. */}
              <ListItemText
                primary={fullName(person)}
                secondary={
                  <>
                    {breakableEmail(person.email)}
                    {detail && (
                      <>
                        <br />
                        {detail(person)}
                      </>
                    )}
                  </>
                }
                sx={{ overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {footer}
    </ScrollDialog>
  );
}
