import { useDeferredValue, useId } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from '../../routing/Link';
import { formatLongDate, formatTime } from '../../dates/format';
import { useProgressiveCount } from './useProgressiveCount';
import type { UpcomingSession } from './queries';

export interface UpcomingSessionsProps {
  sessions: ReadonlyArray<UpcomingSession> | undefined;
  loading: boolean;
  hrefOf: (session: UpcomingSession) => string;
}

/** The team's upcoming appointments, each linking to its detail. */
export function UpcomingSessions({ sessions: loaded, loading, hrefOf }: UpcomingSessionsProps) {
  const headingId = useId();
  const translate = useTranslate();
  // The list's first items render as a deferred render, in slices rather than in one long task.
  const sessions = useDeferredValue(loaded);
  const waiting = loading || (loaded !== undefined && sessions === undefined);
  const shown = useProgressiveCount(sessions?.length ?? 0);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }} gutterBottom>
        {translate('app.team.upcoming.title')}
      </Typography>
      {waiting ? (
        <Typography color="text.secondary">{translate('app.team.loading')}</Typography>
      ) : !sessions || sessions.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 3 }}>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.team.upcoming.empty')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.team.upcoming.empty_hint')}
          </Typography>
        </Box>
      ) : (
        // A long list renders in steps (see useProgressiveCount): busy until its last item is there.
        <Stack
          component="ul"
          spacing={1}
          aria-busy={shown < sessions.length || undefined}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {sessions.slice(0, shown).map((session) => (
            <Box
              component="li"
              key={session.id}
              sx={{
                borderLeft: 4,
                borderColor: 'primary.main',
                pl: 2,
                py: 1,
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              <Link component={RouterLink} to={hrefOf(session)} underline="hover" sx={{ fontWeight: 600 }}>
                {session.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {translate('app.team.upcoming.when', {
                  date: formatLongDate(session.start_time),
                  time: formatTime(session.start_time),
                })}
                {session.type === 'meet' ? translate('app.team.upcoming.meet') : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
