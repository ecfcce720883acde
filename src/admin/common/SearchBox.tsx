import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';

/** The list filter the search box writes: the API's `filter[search]`. */
export const SEARCH_FILTER = 'search';

export function searchTerm(filterValues: Record<string, unknown> | undefined, source = SEARCH_FILTER): string {
  const value = filterValues?.[source];
  return typeof value === 'string' ? value.trim() : '';
}

export interface SearchBoxProps {
  placeholder: string;
  source?: string;
}

/**
 * The list's search box. Typing updates the list filter through react-admin's debounced
 * setFilters: the list's `debounce` (500 ms) decides when the one request goes out.
 */
export function SearchBox({ placeholder, source = SEARCH_FILTER }: SearchBoxProps) {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const applied = searchTerm(filterValues, source);
  const [text, setText] = useState(applied);
  // The terms this box has asked for and the list has not applied yet, oldest first. A pause while
  // typing lets the list apply the term of the pause while more is typed: that term is this box's
  // own and must not replace the text.
  const requested = useRef<string[]>([]);

  // Follow outside changes of the filter (back navigation, a reset).
  useEffect(() => {
    const own = requested.current.indexOf(applied);
    if (own >= 0) {
      requested.current = requested.current.slice(own + 1);
      return;
    }
    requested.current = [];
    setText((current) => (current.trim() === applied ? current : applied));
  }, [applied]);

  const change = (value: string) => {
    setText(value);
    const next = { ...filterValues };
    if (value.trim()) next[source] = value.trim();
    else delete next[source];
    requested.current.push(value.trim());
    setFilters(next, displayedFilters, true);
  };

  return (
    <TextField
      type="search"
      value={text}
      onChange={(event) => change(event.target.value)}
      placeholder={placeholder}
      size="small"
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': translate('app.admin.list.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
