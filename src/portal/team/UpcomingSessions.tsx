import { useId } from 'react';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatLongDate, formatTime } from '../../lib/dates';
import type { Session } from './types';

export interface UpcomingSessionsProps {
  sessions: ReadonlyArray<Session> | undefined;
  loading: boolean;
  hrefOf: (session: Session) => string;
}

/** The team's upcoming appointments, each linking to its detail. */
export function UpcomingSessions({ sessions, loading, hrefOf }: UpcomingSessionsProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }} gutterBottom>
        Prossimi appuntamenti
      </Typography>
      {loading ? (
        <Typography color="text.secondary">Caricamento…</Typography>
      ) : !sessions || sessions.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 3 }}>
          <Typography sx={{ fontWeight: 600 }}>Non ci sono appuntamenti in programma</Typography>
          <Typography variant="body2" color="text.secondary">
            Se hai dubbi, contatta il tuo coordinatore
          </Typography>
        </Box>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sessions.map((session) => (
            <Box
              component="li"
              key={session.id}
              sx={{ borderLeft: 4, borderColor: 'primary.main', pl: 2, py: 1, bgcolor: 'action.hover', borderRadius: 1 }}
            >
              <Link component={RouterLink} to={hrefOf(session)} underline="hover" sx={{ fontWeight: 600 }}>
                {session.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {formatLongDate(session.start_time)}, ore {formatTime(session.start_time)}
                {session.type === 'meet' ? ' · Google Meet' : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
