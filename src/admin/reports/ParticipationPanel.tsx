import { Fragment, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate, type RaRecord } from 'react-admin';
import { visuallyHidden } from '@mui/utils';
import { formatRomeDate, formatRomeDateTime } from '../common/dateTime';
import { ScrollableTable } from '../common/ScrollableTable';
import { teamPicker } from '../common/pickers';
import { SearchPicker } from '../common/SearchPicker';
import { PARTICIPATION_FILE, reportsApi, formatRate, italianDay, type ParticipationResponse } from './api';
import { DownloadButton } from './DownloadButton';
import { apiErrorText, errorStatus, fieldErrors } from '../../dataProvider/apiError';

type Team = ParticipationResponse['data'][number];

const TEAMS_PER_PAGE = 20;

/** The people listed for the team: present and past members, each once however many stays they had. */
const peopleIn = (team: Team) => new Set(team.members.map((m) => m.user_id)).size;
const t = (key: string) => `resources.reports.participation.${key}`;

function TeamDetail({ team }: { team: Team }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 2, py: 1 }}>
      <Table size="small" aria-label={translate(t('members_of'), { name: team.team_name })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('member'))}</TableCell>
            <TableCell>{translate(t('email'))}</TableCell>
            <TableCell>{translate(t('joined_at'))}</TableCell>
            <TableCell>{translate(t('left_at'))}</TableCell>
            <TableCell align="right">{translate(t('sessions_expected'))}</TableCell>
            <TableCell align="right">{translate(t('sessions_attended'))}</TableCell>
            <TableCell align="right">{translate(t('minutes'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {team.members.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>{translate(t('no_members'))}</TableCell>
            </TableRow>
          )}
          {team.members.map((m) => (
            // Someone who left and came back has one row per stay.
            <TableRow key={`${m.user_id}@${m.joined_at}`}>
              <TableCell>{`${m.name} ${m.surname}`}</TableCell>
              <TableCell>{m.email}</TableCell>
              <TableCell>{formatRomeDate(m.joined_at)}</TableCell>
              <TableCell sx={m.left_at ? undefined : { color: 'text.secondary' }}>
                {m.left_at ? formatRomeDate(m.left_at) : translate(t('still_member'))}
              </TableCell>
              <TableCell align="right">{m.sessions_expected}</TableCell>
              <TableCell align="right">{m.sessions_attended}</TableCell>
              <TableCell align="right">{m.minutes_attended}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table size="small" aria-label={translate(t('experts_of'), { name: team.team_name })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('expert'))}</TableCell>
            <TableCell align="right">{translate(t('minutes'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {team.experts.length === 0 && (
            <TableRow>
              <TableCell colSpan={2}>{translate(t('no_experts'))}</TableCell>
            </TableRow>
          )}
          {team.experts.map((e) => (
            <TableRow key={e.user_id}>
              <TableCell>{`${e.name} ${e.surname}`}</TableCell>
              <TableCell align="right">{e.minutes_attended}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

function TeamRows({ team, open, onToggle }: { team: Team; open: boolean; onToggle: () => void }) {
  const translate = useTranslate();
  const attended = team.members.reduce((sum, m) => sum + m.sessions_attended, 0);
  const expertMinutes = team.experts.reduce((sum, e) => sum + e.minutes_attended, 0);
  const label = translate(t(open ? 'hide_members' : 'show_members'), { name: team.team_name });
  return (
    <Fragment>
      <TableRow data-testid={`participation-team-${team.team_id}`}>
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={label} title={label} aria-expanded={open} onClick={onToggle}>
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell component="th" scope="row">
          {team.team_name}
        </TableCell>
        <TableCell align="right">{peopleIn(team)}</TableCell>
        <TableCell align="right">{team.sessions_expected}</TableCell>
        <TableCell align="right">{attended}</TableCell>
        <TableCell align="right">{formatRate(team.attendance_rate)}</TableCell>
        <TableCell align="right">{expertMinutes}</TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
            <TeamDetail team={team} />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

function UnmatchedTable({ rows }: { rows: ParticipationResponse['meta']['unmatched'] }) {
  const translate = useTranslate();
  return (
    // Not a region itself: the table's scrolling frame is one, named by the same heading.
    <Box sx={{ mt: 4 }}>
      <Typography id="report-unmatched" variant="h3" component="h3" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        {translate(t('unmatched'))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(t('unmatched_hint'))}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{translate(t('no_unmatched'))}</Typography>
      ) : (
        <ScrollableTable labelledBy="report-unmatched">
          <Table size="small" aria-labelledby="report-unmatched">
            <TableHead>
              <TableRow>
                <TableCell>{translate(t('session'))}</TableCell>
                <TableCell>{translate(t('start'))}</TableCell>
                <TableCell>{translate(t('name'))}</TableCell>
                <TableCell>{translate(t('email'))}</TableCell>
                <TableCell align="right">{translate(t('minutes'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((u) => (
                <TableRow key={`${u.session_id}:${u.email ?? ''}:${u.name ?? ''}`}>
                  <TableCell>{u.session_name}</TableCell>
                  <TableCell>{formatRomeDateTime(u.session_start)}</TableCell>
                  <TableCell>{u.name ?? translate(t('missing'))}</TableCell>
                  <TableCell>{u.email ?? translate(t('missing'))}</TableCell>
                  <TableCell align="right">{u.minutes_attended}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Box>
  );
}

/**
 * The participation report: a span of days (the current quarter until changed), optionally one
 * team; per team its figures, with members and experts on demand, then the unmatched attendees.
 */
export function ParticipationPanel() {
  const translate = useTranslate();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [team, setTeam] = useState<RaRecord | null>(null);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [page, setPage] = useState(0);
  const invalid = Boolean(from && to && to < from);
  const params = { from, to, teamId: team?.id ?? null };
  const { data, isPending, isError, isFetching, error } = useQuery({
    queryKey: ['reports', 'participation', params],
    queryFn: () => reportsApi.participation(params),
    enabled: !invalid,
    placeholderData: keepPreviousData,
  });

  // The first answer carries the default period (the current quarter): show it in the fields.
  useEffect(() => {
    if (!data) return;
    if (!from) setFrom(data.meta.from);
    if (!to) setTo(data.meta.to);
  }, [data, from, to]);

  useEffect(() => setPage(0), [from, to, team]);

  // A period the server refuses (more than two years, a day that does not exist) is the person's
  // to fix: its message goes under the field, not "try again".
  const refused = errorStatus(error) === 422 ? fieldErrors(error) : {};

  const teams = data?.data ?? [];
  const single = teams.length === 1;
  const shown = teams.slice(page * TEAMS_PER_PAGE, (page + 1) * TEAMS_PER_PAGE);
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'flex-start' }, mb: 2 }}>
        <TextField
          type="date"
          label={translate(t('from'))}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
          name="from"
          error={Boolean(refused.from)}
          helperText={refused.from}
        />
        <TextField
          type="date"
          label={translate(t('to'))}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
          name="to"
          error={invalid || Boolean(refused.to)}
          helperText={invalid ? translate(t('invalid_range')) : refused.to}
        />
        <Box sx={{ minWidth: 260, flex: 1, maxWidth: 420 }}>
          <SearchPicker
            config={teamPicker}
            label={translate('resources.reports.page.team')}
            value={team}
            onChange={setTeam}
            name="team"
            size="small"
          />
        </Box>
        <DownloadButton
          download={() => reportsApi.participationFile(params)}
          filename={PARTICIPATION_FILE}
          label="resources.reports.page.download"
          errorMessage="resources.reports.page.download_error"
          disabled={invalid || !data}
        />
      </Stack>

      {isError && (
        <Alert severity="error">
          {errorStatus(error) === 422
            ? apiErrorText(error, translate('resources.reports.page.error'))
            : translate('resources.reports.page.error')}
        </Alert>
      )}
      {isPending && !isError && (
        <Box aria-busy="true" aria-label={translate('resources.reports.page.loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      )}
      {data && (
        <Box aria-busy={isFetching}>
          <Typography sx={{ mb: 0.5 }} data-testid="participation-period">
            {translate(t('period'), { from: italianDay(data.meta.from), to: italianDay(data.meta.to) })}
          </Typography>
          <Typography sx={{ mb: 0.5, fontWeight: 600 }} data-testid="participation-overall">
            {translate(t('overall'), { rate: formatRate(data.meta.attendance_rate) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(t('held_only'))}
          </Typography>
          <Typography id="report-teams" variant="h3" component="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
            {translate(t('teams'))}
          </Typography>
          <ScrollableTable labelledBy="report-teams">
            <Table size="small" aria-labelledby="report-teams">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHidden}>
                      {translate(t('details'))}
                    </Box>
                  </TableCell>
                  <TableCell>{translate(t('team'))}</TableCell>
                  <TableCell align="right">{translate(t('members_count'))}</TableCell>
                  <TableCell align="right">{translate(t('sessions_expected'))}</TableCell>
                  <TableCell align="right">{translate(t('attendances'))}</TableCell>
                  <TableCell align="right">{translate(t('rate'))}</TableCell>
                  <TableCell align="right">{translate(t('expert_minutes'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {teams.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>{translate(t('no_teams'))}</TableCell>
                  </TableRow>
                )}
                {shown.map((row) => (
                  <TeamRows
                    key={row.team_id}
                    team={row}
                    open={single || open.has(row.team_id)}
                    onToggle={() => toggle(row.team_id)}
                  />
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
          {teams.length > TEAMS_PER_PAGE && (
            <TablePagination
              component="div"
              count={teams.length}
              page={page}
              rowsPerPage={TEAMS_PER_PAGE}
              rowsPerPageOptions={[TEAMS_PER_PAGE]}
              onPageChange={(_, next) => setPage(next)}
            />
          )}
          <UnmatchedTable rows={data.meta.unmatched} />
        </Box>
      )}
    </Box>
  );
}
