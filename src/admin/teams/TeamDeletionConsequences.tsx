import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type RaRecord } from 'react-admin';
import type { SessionResource } from '../../../server/src/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { TEAM_SESSIONS_QUERY } from './TeamSessionsDialog';

/** The sessions attached to this team and no other: deleting the team deletes them too. */
export function sessionsOnlyOf(teamId: RaRecord['id'], sessions: Array<Partial<SessionResource>>): number {
  return sessions.filter((session) => session.teams?.length === 1 && session.teams[0].id === teamId).length;
}

/**
 * What else goes with a team, said in its delete confirmation: the sessions that belong to it alone
 * (a session left without teams would become one for every team, so they are deleted too, with
 * their attendances). Sessions shared with other teams only lose this one.
 */
export function TeamDeletionConsequences({ team }: { team: RaRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data } = useQuery({
    queryKey: ['teams', 'sessions', team.id],
    queryFn: () => dataProvider.getTeamSessions<SessionResource>(team.id, TEAM_SESSIONS_QUERY),
  });
  const count = data ? sessionsOnlyOf(team.id, data.data) : 0;
  if (!count) return null;
  return (
    <Typography role="status" color="error" sx={{ mt: 1 }}>
      {translate('resources.teams.page.delete_sessions', { smart_count: count })}
    </Typography>
  );
}
