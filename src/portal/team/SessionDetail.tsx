import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Videocam from '@mui/icons-material/Videocam';
import { useTranslate, type TranslateFunction } from 'ra-core';
import { Button } from '../../components/Button';
import { formatLongDate, formatTime } from '../../dates/format';
import { PersonLine } from './PersonLine';
import { AddToCalendarButton } from '../calendar/AddToCalendarButton';
import type { Session } from './types';

function Block({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** "mercoledì 1 maggio 2024, ore 11:30 – 12:30" in Rome time. */
export function sessionWhen(session: Pick<Session, 'start_time' | 'end_time'>, translate: TranslateFunction): string {
  const date = formatLongDate(session.start_time);
  const start = formatTime(session.start_time);
  return session.end_time
    ? translate('app.team.session.when_until', { date, start, end: formatTime(session.end_time) })
    : translate('app.team.session.when', { date, start });
}

/** Name, time, Meet button, description, join instructions and experts of a session. */
export function SessionDetail({ session }: { session: Session }) {
  const translate = useTranslate();
  const experts = session.experts ?? [];
  return (
    <Paper
      component="article"
      aria-labelledby="session-name"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Stack spacing={3}>
        <Box>
          <Typography id="session-name" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {session.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, '&::first-letter': { textTransform: 'uppercase' } }}>
            <time dateTime={session.start_time}>{sessionWhen(session, translate)}</time>
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {session.type === 'meet' && session.join_url && (
              <Button href={session.join_url} startIcon={<Videocam />}>
                {translate('app.team.session.join_meet')}
              </Button>
            )}
            <AddToCalendarButton sessionId={Number(session.id)} />
          </Stack>
        </Box>
        <Block title={translate('app.team.session.description')}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{session.description}</Typography>
        </Block>
        <Block title={translate('app.team.session.how_to_join')}>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{session.join_instructions}</Typography>
        </Block>
        <Block title={translate('app.team.session.experts')}>
          {experts.length === 0 ? (
            <Typography color="text.secondary">{translate('app.team.session.no_experts')}</Typography>
          ) : (
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {experts.map((expert) => (
                <li key={expert.id}>
                  <PersonLine person={expert} avatarSize={48} />
                </li>
              ))}
            </Stack>
          )}
        </Block>
      </Stack>
    </Paper>
  );
}
