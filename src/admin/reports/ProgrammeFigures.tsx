import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { formatRomeDateTime } from '../common/dateTime';
import {
  formatRate,
  italianDay,
  REPORTS_DASHBOARD_KEY,
  reportsApi,
  type DashboardSummary,
  type ImportState,
} from './api';
import { ScrollableTable } from '../common/ScrollableTable';

/** Keeps the drawn chart out of focus and the accessibility tree (the table beside it says the same). React 18 renders `inert` only from a string. */
const inert = { inert: '' } as Record<string, string>;
import { ATTENDANCE_CHART_HEIGHT, completionChartHeight } from './chartHeights';

/** The drawings (MUI X Charts): asked for once the figures have rendered, drawn when they arrive. */
const loadDrawings = () => import('./ProgrammeChartDrawings');
const AttendanceChart = lazy(() => loadDrawings().then((module) => ({ default: module.AttendanceChart })));
const CompletionChart = lazy(() => loadDrawings().then((module) => ({ default: module.CompletionChart })));

const t = (key: string) => `resources.reports.dashboard.${key}`;

let monthFormat: Intl.DateTimeFormat | undefined;

/** `2026-06` → "giu 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  monthFormat ??= new Intl.DateTimeFormat('it-IT', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * A titled card. It is a region named by its title, unless `region={false}`: a panel holding a
 * table whose scrolling frame is already a region with that name (two landmarks of one name).
 */
function Panel({
  title,
  id,
  region = true,
  children,
}: {
  title: string;
  id: string;
  region?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      {...(region && { component: 'section', 'aria-labelledby': id })}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id={id} variant="h3" component="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** The figures of a chart as a table, read by screen readers in place of the drawing. */
function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, string];
  rows: Array<[string, string]>;
}) {
  return (
    // Hidden on a block around it: a hidden table still lays out at its full width (and widened a phone's page).
    <Box sx={visuallyHidden}>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {head[0]}
            </TableCell>
            <TableCell component="th" scope="col">
              {head[1]}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function SessionsCards({ sessions }: { sessions: DashboardSummary['sessions'] }) {
  const translate = useTranslate();
  const cards = [
    { key: 'this_week', label: t('sessions_this_week'), value: sessions.this_week, from: sessions.this_week_from },
    { key: 'next_week', label: t('sessions_next_week'), value: sessions.next_week, from: sessions.next_week_from },
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gap: 2, m: 0, gridTemplateColumns: '1fr 1fr' }}>
      {cards.map((card) => (
        <Card key={card.key} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(card.label)}{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              ({translate(t('week_from'), { date: italianDay(card.from) })})
            </Box>
          </Typography>
          <Typography component="dd" variant="h2" sx={{ m: 0, fontSize: '2rem' }} data-testid={`sessions-${card.key}`}>
            {card.value}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

function ImportStatus({ status }: { status: ImportState['status'] }) {
  const translate = useTranslate();
  const color = status === 'failed' ? 'error' : status === 'done' ? 'success' : 'default';
  return <Chip size="small" color={color} label={translate(t(`status_${status}`))} />;
}

function ImportsTable({ imports }: { imports: ImportState[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess: mayRetry } = useCanAccess({ action: 'edit', resource: 'sessions' });
  const retry = useMutation({
    mutationFn: (sessionId: number) => reportsApi.retryImport(sessionId),
    onSuccess: async () => {
      notify(t('retried'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: REPORTS_DASHBOARD_KEY });
    },
    onError: () => notify(t('retry_error'), { type: 'error' }),
  });
  if (!imports.length) return <Typography>{translate(t('no_imports'))}</Typography>;
  return (
    <ScrollableTable labelledBy="dashboard-imports">
      <Table size="small" aria-labelledby="dashboard-imports">
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('session'))}</TableCell>
            <TableCell>{translate(t('outcome'))}</TableCell>
            <TableCell align="right">{translate(t('attempts'))}</TableCell>
            <TableCell>{translate(t('reason'))}</TableCell>
            <TableCell>{translate(t('updated'))}</TableCell>
            {mayRetry && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {imports.map((row) => (
            <TableRow key={row.session_id} data-testid={`import-${row.session_id}`}>
              <TableCell>
                {row.session_name}
                <Typography variant="body2" color="text.secondary">
                  {formatRomeDateTime(row.session_start)}
                </Typography>
              </TableCell>
              <TableCell>
                <ImportStatus status={row.status} />
              </TableCell>
              <TableCell align="right">{row.attempts}</TableCell>
              <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>{row.last_error ?? ''}</TableCell>
              <TableCell>{formatRomeDateTime(row.updated_at)}</TableCell>
              {mayRetry && (
                <TableCell align="right">
                  {row.status === 'failed' && (
                    <Button
                      size="xs"
                      color="outlinePrimary"
                      loading={retry.isPending && retry.variables === row.session_id}
                      aria-label={translate(t('retry_label'), { name: row.session_name })}
                      onClick={() => retry.mutate(row.session_id)}
                    >
                      {translate(t('retry'))}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

/** Where a drawing will be, the size it will have, while its code loads. */
function ChartPlaceholder({ height }: { height: number }) {
  const translate = useTranslate();
  return <Skeleton variant="rounded" height={height} role="progressbar" aria-label={translate(t('chart_loading'))} />;
}

/**
 * The programme at a glance, for holders of read_reports: sessions this week and next, six months
 * of attendance rate (line), course completion by team (bars), the latest attendance imports.
 * Every chart has its figures as a table for screen readers; the figures are the reports' own.
 * The figures render first; the drawings' code (ProgrammeChartDrawings) loads after that.
 */
export default function ProgrammeFigures() {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({ queryKey: REPORTS_DASHBOARD_KEY, queryFn: reportsApi.dashboard });
  useEffect(() => {
    loadDrawings().catch(() => undefined);
  }, []);
  if (isError)
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        {translate(t('error'))}
      </Alert>
    );
  if (isPending) return <Skeleton variant="rounded" height={240} sx={{ mt: 3 }} />;
  const months = data.attendance_by_month.map((m) => ({ label: monthLabel(m.month), rate: m.attendance_rate }));
  const teams = data.completion_by_team;
  return (
    <Box component="section" aria-labelledby="programme-title" sx={{ mt: 4 }}>
      <Typography id="programme-title" variant="h2" component="h2" sx={{ fontSize: '1.375rem', mb: 2 }}>
        {translate(t('title'))}
      </Typography>
      <SessionsCards sessions={data.sessions} />
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Panel id="dashboard-attendance" title={translate(t('attendance_title'))}>
          <Suspense fallback={<ChartPlaceholder height={ATTENDANCE_CHART_HEIGHT} />}>
            <Box aria-hidden="true" {...inert} data-testid="attendance-chart">
              <AttendanceChart months={months} seriesLabel={translate(t('rate'))} />
            </Box>
          </Suspense>
          <ChartTable
            caption={translate(t('attendance_table'))}
            head={[translate(t('month')), translate(t('rate'))]}
            rows={months.map((m) => [m.label, formatRate(m.rate)])}
          />
        </Panel>
        <Panel id="dashboard-completion" title={translate(t('completion_title'))}>
          {teams.length === 0 ? (
            <Typography>{translate(t('no_teams'))}</Typography>
          ) : (
            <>
              <Suspense fallback={<ChartPlaceholder height={completionChartHeight(teams.length)} />}>
                <Box aria-hidden="true" {...inert} data-testid="completion-chart">
                  <CompletionChart teams={teams} seriesLabel={translate(t('completion'))} />
                </Box>
              </Suspense>
              <ChartTable
                caption={translate(t('completion_table'))}
                head={[translate(t('team')), translate(t('completion'))]}
                rows={teams.map((team) => [team.team_name, `${team.completion_percentage}%`])}
              />
            </>
          )}
        </Panel>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Panel id="dashboard-imports" title={translate(t('imports_title'))} region={false}>
          <ImportsTable imports={data.imports} />
        </Panel>
      </Box>
    </Box>
  );
}
