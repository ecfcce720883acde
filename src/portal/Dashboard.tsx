import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RouteIcon from '@mui/icons-material/RouteOutlined';
import FolderIcon from '@mui/icons-material/FolderSharedOutlined';
import { useTranslate } from 'ra-core';
import { useSession } from '../authProvider/useSession';
import { Avatar } from '../components/Avatar';
import { Skeleton } from '../components/Skeleton';
import { Button } from '../components/Button';
import { formatDateTime } from '../dates/format';
import type { User } from '../../server/src/contract';
import { usePageTitle } from './layout/pageTitle';

export const DASHBOARD_LIST_HEIGHT = 280;

function ActionCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 240 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' }}>
          {icon}
          <Typography variant="h3" component="h3" sx={{ color: 'text.primary' }}>
            {title}
          </Typography>
        </Box>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {text}
        </Typography>
        <Box>{action}</Box>
      </CardContent>
    </Card>
  );
}

function MemberDashboard({ user }: { user: User }) {
  const translate = useTranslate();
  const team = user.teams[0];
  if (!team) {
    return (
      <Card variant="outlined">
        <CardContent>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.dashboard.no_team')}</Typography>
          <Typography color="text.secondary">{translate('app.dashboard.no_team_hint')}</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
      <ActionCard
        icon={<RouteIcon />}
        title={translate('app.dashboard.percorso_title')}
        text={translate('app.dashboard.percorso_text')}
        action={<Button to={`/percorso/${team.id}`}>{translate('app.dashboard.percorso_button')}</Button>}
      />
      {team.drive_url && (
        <ActionCard
          icon={<FolderIcon />}
          title={translate('app.dashboard.drive_title')}
          text={translate('app.dashboard.drive_text')}
          action={<Button href={team.drive_url}>{translate('app.dashboard.drive_button')}</Button>}
        />
      )}
    </Stack>
  );
}

/** A titled list of fixed height that scrolls (keyboard-focusable so it can be scrolled without a mouse). */
function ScrollingList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = `dashboard-${title.toLowerCase()}`;
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardContent>
        <Typography id={id} variant="h3" component="h3" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Box
          component="ul"
          aria-labelledby={id}
          tabIndex={0}
          sx={{ height: DASHBOARD_LIST_HEIGHT, overflowY: 'auto', listStyle: 'none', m: 0, p: 0 }}
        >
          {children.length ? (
            children
          ) : (
            <Typography component="li" color="text.secondary" sx={{ py: 1 }}>
              {empty}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

const rowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 2,
  py: 1.25,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

function ExpertDashboard({ user }: { user: User }) {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h3">
          {translate('app.dashboard.expert_title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.dashboard.expert_text')}</Typography>
      </Box>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3}>
        <ScrollingList title={translate('app.dashboard.startups')} empty={translate('app.dashboard.no_startups')}>
          {user.teams_as_expert.map((team) => (
            <Box component="li" key={team.id} sx={rowSx}>
              <Avatar name={team.name} src={team.avatar} decorative />
              <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography sx={{ fontWeight: 600 }}>{team.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.dashboard.sessions_with_team', { count: team.sessions_as_expert })}
                </Typography>
              </Box>
              <Button size="sm" to={`/percorso/${team.id}`} aria-label={openLabel(translate, team.name)}>
                {translate('app.dashboard.open')}
              </Button>
            </Box>
          ))}
        </ScrollingList>
        <ScrollingList title={translate('app.dashboard.sessions')} empty={translate('app.dashboard.no_sessions')}>
          {user.sessions_as_expert.map((session) => (
            <Box component="li" key={session.id} sx={rowSx}>
              <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography sx={{ fontWeight: 600 }}>{session.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={session.start_time}>{formatDateTime(session.start_time)}</time>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {session.teams.length
                    ? session.teams.map((team) => team.name).join(', ')
                    : translate('app.dashboard.all_startups')}
                </Typography>
              </Box>
              <Button
                size="sm"
                to={`/sessions/${session.id}`}
                aria-label={translate('app.dashboard.open_session', {
                  open: openLabel(translate, session.name),
                  date: formatDateTime(session.start_time),
                })}
              >
                {translate('app.dashboard.open')}
              </Button>
            </Box>
          ))}
        </ScrollingList>
      </Stack>
    </Stack>
  );
}

/** "Accedi a Verdevivo", "Accedi ad Agrisense": the accessible name of a row's "Accedi". */
function openLabel(translate: (key: string, options?: object) => string, name: string): string {
  return translate(/^a/i.test(name.trim()) ? 'app.dashboard.open_item_ad' : 'app.dashboard.open_item', { name });
}

/** /dashboard: greeting, then the member's team cards or the expert's startups and sessions. */
export function Dashboard() {
  const translate = useTranslate();
  usePageTitle(translate('app.dashboard.title'));
  const { user } = useSession();
  if (!user) {
    return (
      <Stack spacing={2} role="status" aria-label={translate('app.loading')}>
        <Skeleton variant="text" width={220} height={48} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Typography variant="h2">{translate('app.dashboard.greeting', { name: user.name })}</Typography>
      {user.is_expert ? <ExpertDashboard user={user} /> : <MemberDashboard user={user} />}
    </Stack>
  );
}

export default Dashboard;
