import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type RaRecord } from 'react-admin';
import type { SessionResource } from '../../../server/src/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { formatRomeDateTime } from '../common/dateTime';
import { EmptyState, ListSpinner } from '../common/ResourceTable';
import { ScrollDialog } from '../common/ScrollDialog';

/** The admin asks for all of a team's sessions at once, newest first. */
export const TEAM_SESSIONS_QUERY = {
  pagination: { page: 1, perPage: 10000 },
  sort: { field: 'start_time', order: 'DESC' },
};

export function TeamSessionsDialog({ team, open, onClose }: { team: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, isPending } = useQuery({
    queryKey: ['teams', 'sessions', team.id],
    queryFn: () => dataProvider.getTeamSessions<SessionResource>(team.id, TEAM_SESSIONS_QUERY),
    enabled: open,
  });
  return (
    <ScrollDialog
      open={open}
      onClose={onClose}
      title={translate('resources.teams.page.sessions_title', { name: team.name })}
    >
      {isPending ? (
        <ListSpinner />
      ) : !data?.data.length ? (
        <EmptyState text={translate('resources.sessions.page.empty')} />
      ) : (
        <List dense>
          {data.data.map((session) => (
            <ListItem key={session.id} divider>
              <ListItemText primary={session.name} secondary={formatRomeDateTime(session.start_time)} />
            </ListItem>
          ))}
        </List>
      )}
    </ScrollDialog>
  );
}
