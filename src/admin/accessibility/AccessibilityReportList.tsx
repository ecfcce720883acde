import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ListBase,
  Title,
  useCanAccess,
  useListContext,
  useNotify,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { formatRomeDateTime } from '../common/dateTime';
import { ListPagination } from '../common/ListPagination';
import { ResourceTable, type Column } from '../common/ResourceTable';
import type { AccessibilityReport as ReportShape } from '../../../server/src/contract';

/** The back-office resource (its folder's name and /admin URL); the API calls it accessibility-reports. */
export const RESOURCE = 'accessibility';
/** A report as the list shows it: the API's, as a react-admin record. */
type AccessibilityReport = ReportShape & RaRecord;
type State = AccessibilityReport['state'];
/** The states in the select's order, each one the API knows. */
export const STATES = ['new', 'in_progress', 'resolved'] as const satisfies readonly State[];

const key = (path: string) => `resources.accessibility.${path}`;

/** Keys that step a closed native select to another option without opening it. */
const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The state as a select named after its row; read-only text without update permission.
 * A choice made with the mouse (or in the open list) is saved at once. Arrow keys on the closed
 * select step through the states without saving each one: the state shown is saved on Enter or
 * when focus leaves. The select is never disabled while saving, so focus stays on it.
 */
function StateCell({ record }: { record: AccessibilityReport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ action: 'edit', resource: RESOURCE });
  const [update, { isPending }] = useUpdate<AccessibilityReport>();
  const [value, setValue] = useState<State>(record.state);
  const saved = useRef<State>(record.state);
  const stepping = useRef(false);
  if (!canAccess) return <>{translate(key(`states.${record.state}`))}</>;
  const save = (state: State) => {
    if (state === saved.current) return;
    const before = saved.current;
    saved.current = state;
    update(
      RESOURCE,
      { id: record.id, data: { state }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(translate(key('page.state_saved'), { state: translate(key(`states.${state}`)) }), { type: 'success' }),
        onError: () => {
          saved.current = before;
          setValue(before);
          notify('app.admin.error', { type: 'error' });
        },
      },
    );
  };
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const state = event.target.value as State;
    setValue(state);
    if (stepping.current) stepping.current = false;
    else save(state);
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') save(value);
    else stepping.current = STEPPING_KEYS.has(event.key);
  };
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={change}
      onKeyDown={keyDown}
      onMouseDown={() => (stepping.current = false)}
      onBlur={() => save(value)}
      sx={{ minWidth: 170 }}
      slotProps={{
        select: { native: true },
        htmlInput: {
          'aria-label': translate(key('page.state_of'), {
            name: record.reporter_name,
            date: formatRomeDateTime(record.created_at),
          }),
          'aria-busy': isPending || undefined,
        },
      }}
    >
      {STATES.map((state) => (
        <option key={state} value={state}>
          {translate(key(`states.${state}`))}
        </option>
      ))}
    </TextField>
  );
}

function AnswerBy({ record }: { record: AccessibilityReport }) {
  const translate = useTranslate();
  const overdue = record.state !== 'resolved' && Date.parse(record.answer_by) < Date.now();
  return (
    <>
      {formatRomeDateTime(record.answer_by)}
      {overdue && (
        <Typography component="span" color="error" sx={{ fontWeight: 700 }}>
          {` (${translate(key('page.overdue'))})`}
        </Typography>
      )}
    </>
  );
}

/**
 * What a reporter typed is wrapped anywhere (a long address or an unbroken word), so the state and
 * the answer-by columns stay on screen.
 */
const WRAPPING = { overflowWrap: 'anywhere', wordBreak: 'break-word', minWidth: 140, maxWidth: 220 } as const;

const columns: Column<AccessibilityReport>[] = [
  { source: 'created_at', label: key('fields.created_at'), render: (record) => formatRomeDateTime(record.created_at) },
  {
    source: 'reporter_name',
    label: key('fields.reporter_name'),
    render: (record) => (
      <Box sx={WRAPPING}>
        {record.reporter_name}
        {/* Empty once the reporter's account was deleted (their name then reads "Utente eliminato"). */}
        {record.reporter_email && (
          <>
            <br />
            <Box component="a" href={`mailto:${record.reporter_email}`} sx={{ color: 'primary.main' }}>
              {record.reporter_email}
            </Box>
          </>
        )}
      </Box>
    ),
  },
  {
    source: 'page_url',
    label: key('fields.page_url'),
    render: (record) => <Box sx={{ ...WRAPPING, minWidth: 120, maxWidth: 200 }}>{record.page_url ?? ''}</Box>,
  },
  {
    source: 'description',
    label: key('fields.description'),
    render: (record) => (
      <Box sx={{ ...WRAPPING, whiteSpace: 'pre-wrap', minWidth: 200, maxWidth: 360 }}>{record.description}</Box>
    ),
  },
  { source: 'state', label: key('fields.state'), render: (record) => <StateCell record={record} /> },
  { source: 'answer_by', label: key('fields.answer_by'), render: (record) => <AnswerBy record={record} /> },
];

/** Shows one state or all of them. */
function StateFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <TextField
      select
      size="small"
      label={translate(key('page.search'))}
      value={(filterValues.state as string | undefined) ?? ''}
      onChange={(event) => setFilters(event.target.value ? { state: event.target.value } : {}, undefined, false)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 220, mb: 2 }}
    >
      <option value="">{translate(key('page.all_states'))}</option>
      {STATES.map((state) => (
        <option key={state} value={state}>
          {translate(key(`states.${state}`))}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Segnalazioni di accessibilità: what people reported through the statement's form, newest first,
 * each with the date by which it must be answered (30 days) and its state.
 */
export function AccessibilityReportList() {
  const translate = useTranslate();
  const heading = translate(key('page.title'));
  return (
    <ListBase resource={RESOURCE} perPage={10} sort={{ field: 'created_at', order: 'DESC' }}>
      <Title title={heading} />
      <Box component="section" sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <StateFilter />
        <FilteredReports />
        <ListPagination />
      </Box>
    </ListBase>
  );
}

/** The list's heading and empty text follow the state filter: "none received" only when none is. */
function FilteredReports() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const state = filterValues.state as string | undefined;
  const stateName = state ? translate(key(`states.${state}`)) : '';
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {state ? translate(key('page.in_state'), { state: stateName }) : translate(key('page.all'))}
      </Typography>
      <ResourceTable<AccessibilityReport>
        columns={columns}
        empty={state ? translate(key('page.empty_in_state'), { state: stateName.toLowerCase() }) : key('page.empty')}
      />
    </>
  );
}
