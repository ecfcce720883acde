import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useDebouncedValue } from './useDebouncedValue';

/** Pickers search from 2 characters, after 500 ms of pause. */
export const PICKER_MIN_CHARS = 2;
export const PICKER_DEBOUNCE_MS = 500;
const PICKER_PAGE_SIZE = 20;

export interface PickerConfig {
  /** The resource searched (users, teams, experts). */
  resource: string;
  /** The list filter that receives the typed text. */
  filterKey: string;
  /** Filters always sent with the typed text (e.g. `{developer: true}` for coordinators). */
  fixedFilter?: Record<string, unknown>;
  optionLabel: (record: RaRecord) => string;
  /** Secondary text of an option (e.g. the e-mail). */
  optionDetail?: (record: RaRecord) => string;
  /** Translation key of "nothing found". */
  emptyText: string;
  /**
   * Why a record found may not be picked (a translation key, shown under its name; the option is
   * disabled), or null when it may. Such a record stays in the list, so a search for it does
   * not look like "nothing found".
   */
  unavailable?: (record: RaRecord) => string | null;
}

interface CommonProps {
  config: PickerConfig;
  label: string;
  /** Ids that may not be picked (e.g. the team's current members). */
  excludeIds?: readonly Identifier[];
  error?: boolean;
  helperText?: React.ReactNode;
  disabled?: boolean;
  /** Marked like every required field: an asterisk hidden from screen readers, and aria-required. */
  required?: boolean;
  onBlur?: () => void;
  name?: string;
  /** `small` in a bar of small filter fields (reports, activity log), whose height it then shares. */
  size?: 'small' | 'medium';
}

export type SearchPickerProps = CommonProps &
  (
    | { multiple?: false; value: RaRecord | null; onChange: (value: RaRecord | null) => void }
    | { multiple: true; value: RaRecord[]; onChange: (value: RaRecord[]) => void }
  );

/**
 * A search-as-you-type picker over a resource: nothing is asked below 2 characters, and one list
 * call goes out once typing pauses for 500 ms.
 */
export function SearchPicker(props: SearchPickerProps) {
  const {
    config,
    label,
    excludeIds = [],
    error,
    helperText,
    disabled,
    required,
    onBlur,
    name,
    size = 'medium',
  } = props;
  const translate = useTranslate();
  // What the input shows (the chosen option's label in single mode) and what the user typed.
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const term = useDebouncedValue(typed, PICKER_DEBOUNCE_MS);
  const enabled = term.length >= PICKER_MIN_CHARS;
  const { data, isFetching } = useGetList(
    config.resource,
    {
      filter: { ...config.fixedFilter, [config.filterKey]: term },
      pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
      sort: { field: 'created_at', order: 'DESC' },
    },
    { enabled },
  );
  const waiting = typed.length >= PICKER_MIN_CHARS && (typed !== term || isFetching);
  const selected = props.multiple ? props.value : props.value ? [props.value] : [];
  // Without a search the chosen options are the only ones (MUI expects the value among its options).
  const options =
    enabled && typed.length >= PICKER_MIN_CHARS
      ? (data ?? []).filter((record) => !excludeIds.includes(record.id))
      : selected;

  const noOptionsText =
    typed.length < PICKER_MIN_CHARS
      ? translate('app.admin.picker.min_chars')
      : waiting
        ? translate('app.admin.picker.loading')
        : translate(config.emptyText);

  const shared = {
    options,
    loading: waiting,
    loadingText: translate('app.admin.picker.loading'),
    noOptionsText,
    // The names (and tooltips) of the arrow and clear buttons: MUI's own are English.
    openText: translate('app.admin.picker.open'),
    closeText: translate('app.admin.picker.close'),
    clearText: translate('app.admin.picker.clear'),
    filterOptions: (list: RaRecord[]) => list,
    getOptionLabel: (record: RaRecord) => config.optionLabel(record),
    isOptionEqualToValue: (option: RaRecord, value: RaRecord) => option.id === value.id,
    getOptionDisabled: (record: RaRecord) => config.unavailable?.(record) != null,
    inputValue: input,
    onInputChange: (_: unknown, value: string, reason: string) => {
      setInput(value);
      // Only typing searches; showing a chosen option's label does not.
      setQuery(reason === 'input' ? value : '');
    },
    disabled,
    onBlur,
    renderOption: (optionProps: React.HTMLAttributes<HTMLLIElement> & { key: React.Key }, record: RaRecord) => {
      const { key, ...rest } = optionProps;
      const why = config.unavailable?.(record);
      const detail = [config.optionDetail?.(record), why && translate(why)].filter(Boolean).join(' · ');
      return (
        <li key={key} {...rest}>
          <span>
            {config.optionLabel(record)}
            {detail && <span style={{ display: 'block', fontSize: '0.8125rem', color: '#475569' }}>{detail}</span>}
          </span>
        </li>
      );
    },
    renderInput: (params: object) => (
      <TextField
        {...params}
        name={name}
        label={label}
        error={error}
        helperText={helperText}
        required={required}
        size={size}
        margin={size === 'small' ? 'none' : 'dense'}
        fullWidth
      />
    ),
  };

  if (props.multiple) {
    return (
      <Autocomplete<RaRecord, true, false, false>
        {...shared}
        multiple
        value={props.value}
        onChange={(_: React.SyntheticEvent, value: RaRecord[]) => {
          props.onChange(value);
          setInput('');
          setQuery('');
        }}
      />
    );
  }
  return (
    <Autocomplete<RaRecord, false, false, false>
      {...shared}
      value={props.value}
      onChange={(_: React.SyntheticEvent, value: RaRecord | null) => props.onChange(value)}
    />
  );
}
