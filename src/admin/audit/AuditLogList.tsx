import { Fragment, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ExpandLess from '@mui/icons-material/ExpandLess';
import { ListBase, Title, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { TranslateFunction } from 'ra-core';
import { formatRomeDateTime } from '../common/dateTime';
import { ListPagination } from '../common/ListPagination';
import { EmptyState, ListSpinner } from '../common/ResourceTable';
import { SearchPicker } from '../common/SearchPicker';
import { userPicker } from '../common/pickers';
import { messages } from './messages';
import { ScrollableTable } from '../common/ScrollableTable';
import type { AuditEntry as AuditEntryShape } from '../../../server/src/contract';

export const RESOURCE = 'audit';

/** An entry as the list shows it: the API's, as a react-admin record. */
type AuditEntry = AuditEntryShape & RaRecord;

const key = (path: string) => `resources.audit.${path}`;
const ENTITY_TYPES = Object.keys(messages.types);

/** A recorded value as text: lists joined, nothing as a dash. */
/** A stored moment (UTC ISO) among the recorded values: shown in Rome time, as everywhere else. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** The words of a coded value, by field: a session's type, an expert's access. */
const CODED_VALUES: Record<string, (value: string) => string> = {
  type: (value) => `resources.sessions.page.type_${value}`,
  expert_access: (value) => `resources.experts.page.access_${value}`,
};

/** One recorded value as a person reads it: Sì/No, Rome date and time, Italian words for codes. */
export function recordedValueText(field: string, value: unknown, translate: TranslateFunction): string {
  const empty = translate(key('page.empty_value'));
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (Array.isArray(value)) return value.length ? value.join(', ') : empty;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (MOMENT.test(text)) return formatRomeDateTime(text);
  const coded = CODED_VALUES[field];
  return coded ? translate(coded(text), { _: text }) : text;
}

function useTypeLabel() {
  const translate = useTranslate();
  return (type: string) => translate(key(`types.${type}`), { _: type });
}

/** An element id as typed in the filter: a whole number from 1, or nothing. */
const ENTITY_ID = /^[1-9]\d*$/;

/**
 * Person, entity type, entity id and a date range; each change applies at once. What cannot be
 * searched is said under its field and not sent, so the list stays as it was: an id that is not a
 * whole number, a range that ends before it starts.
 */
function AuditFilters() {
  const translate = useTranslate();
  const typeLabel = useTypeLabel();
  const { filterValues, setFilters } = useListContext();
  const [person, setPerson] = useState<RaRecord | null>(null);
  const [idText, setIdText] = useState((filterValues.entity_id as string | undefined) ?? '');
  const firstFilter = useRef<HTMLDivElement>(null);
  const idInvalid = idText !== '' && !ENTITY_ID.test(idText);
  const [range, setRange] = useState({
    from: (filterValues.from as string | undefined) ?? '',
    to: (filterValues.to as string | undefined) ?? '',
  });
  const { from, to } = range;
  const rangeReversed = from !== '' && to !== '' && to < from;
  const set = (name: string, value: unknown, debounce = false) => {
    const next: Record<string, unknown> = { ...filterValues, [name]: value };
    if (value === '' || value === null || value === undefined) delete next[name];
    setFilters(next, undefined, debounce);
  };
  const setDay = (name: 'from' | 'to', value: string) => {
    const next = { ...range, [name]: value };
    setRange(next);
    if (next.from !== '' && next.to !== '' && next.to < next.from) return;
    const filters: Record<string, unknown> = { ...filterValues, from: next.from, to: next.to };
    for (const day of ['from', 'to'] as const) if (next[day] === '') delete filters[day];
    setFilters(filters, undefined, false);
  };
  return (
    <Box component="section" aria-label={translate(key('page.filters'))} sx={{ mb: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}
      >
        <Box ref={firstFilter} sx={{ minWidth: 260 }}>
          <SearchPicker
            config={userPicker}
            label={translate(key('page.person'))}
            size="small"
            value={person}
            onChange={(record) => {
              setPerson(record);
              set('actor_id', record ? String(record.id) : '');
            }}
          />
        </Box>
        <TextField
          select
          size="small"
          label={translate(key('fields.entity_type'))}
          value={(filterValues.entity_type as string | undefined) ?? ''}
          onChange={(event) => set('entity_type', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">{translate(key('page.all_types'))}</option>
          {ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate(key('page.entity_id'))}
          value={idText}
          onChange={(event) => {
            const typed = event.target.value.trim();
            setIdText(event.target.value);
            if (typed === '' || ENTITY_ID.test(typed)) set('entity_id', typed, true);
          }}
          error={idInvalid}
          helperText={idInvalid ? translate(key('page.entity_id_invalid')) : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { md: 200 } }}
        />
        <TextField
          size="small"
          type="date"
          label={translate(key('page.from'))}
          value={from}
          onChange={(event) => setDay('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={translate(key('page.to'))}
          value={to}
          onChange={(event) => setDay('to', event.target.value)}
          error={rangeReversed}
          helperText={rangeReversed ? translate(key('page.range_reversed')) : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="text"
          onClick={() => {
            setPerson(null);
            setIdText('');
            setRange({ from: '', to: '' });
            setFilters({}, undefined, false);
            // This button is disabled once nothing is filtered: focus starts the filters again.
            firstFilter.current?.querySelector<HTMLElement>('input')?.focus();
          }}
          disabled={Object.keys(filterValues).length === 0 && idText === '' && from === '' && to === ''}
        >
          {translate(key('page.clear'))}
        </Button>
      </Stack>
    </Box>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const valueText = (field: string, value: unknown) => recordedValueText(field, value, translate);
  const fields = Object.entries(entry.changes);
  if (!fields.length) return <Typography variant="body2">{translate(key('page.no_changes'))}</Typography>;
  return (
    <Table size="small" aria-label={translate(key('fields.changes'))}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {translate(key('page.field'))}
          </TableCell>
          <TableCell component="th" scope="col">
            {translate(key('page.before'))}
          </TableCell>
          <TableCell component="th" scope="col">
            {translate(key('page.after'))}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map(([field, [before, after]]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {translate(key(`changed_fields.${field}`), { _: field })}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{valueText(field, before)}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{valueText(field, after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const typeLabel = useTypeLabel();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // A deleted staff member's records keep who they were (their name and e-mail when the account went).
  const snapshot = entry.actor ? null : entry.actor_snapshot;
  const who = entry.actor
    ? `${entry.actor.name} ${entry.actor.surname}`.trim()
    : snapshot
      ? translate(key('page.deleted_actor'), { name: snapshot.name })
      : translate(key('page.nobody'));
  const what =
    `${translate(key(`actions.${entry.action}`))} ${typeLabel(entry.entity_type)} ${entry.entity_id ?? ''}`.trim();
  return (
    <Fragment>
      <TableRow hover>
        <TableCell>{formatRomeDateTime(entry.at)}</TableCell>
        <TableCell>
          {who}
          {(entry.actor ?? snapshot) && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {(entry.actor ?? snapshot)!.email}
            </Typography>
          )}
        </TableCell>
        <TableCell>{translate(key(`actions.${entry.action}`))}</TableCell>
        <TableCell>{typeLabel(entry.entity_type)}</TableCell>
        <TableCell>{entry.entity_id ?? ''}</TableCell>
        <TableCell padding="checkbox">
          <IconButton
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={translate(key('page.show_details'), { what })}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow id={detailsId}>
          <TableCell colSpan={6} sx={{ bgcolor: 'grey.50' }}>
            <Changes entry={entry} />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

function AuditTable() {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<AuditEntry>();
  if (isPending) return <ListSpinner />;
  if (error) return <EmptyState text={translate('app.admin.error')} />;
  if (!data?.length) return <EmptyState text={translate(key('page.empty'))} />;
  return (
    <ScrollableTable outlined label={translate(key('page.title'))}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate(key('fields.at'))}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate(key('fields.actor'))}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate(key('fields.action'))}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate(key('fields.entity_type'))}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate(key('fields.entity_id'))}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate(key('page.details'))}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

/**
 * Registro attività: every change made through the API, newest first, filtered by person, entity
 * type, entity id and days; each row opens to the changed fields before and after.
 */
export function AuditLogList() {
  const translate = useTranslate();
  const heading = translate(key('page.title'));
  return (
    <ListBase resource={RESOURCE} perPage={20} sort={{ field: 'at', order: 'DESC' }}>
      <Title title={heading} />
      <Box component="section" sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <AuditFilters />
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          {translate(key('page.all'))}
        </Typography>
        <AuditTable />
        <ListPagination />
      </Box>
    </ListBase>
  );
}
