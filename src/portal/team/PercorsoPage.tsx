import { lazy, Suspense, useState } from 'react';
import Stack from '@mui/material/Stack';
import { usePermissions, useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { hasPermission } from '../../authProvider/canAccess';
import { useSession as useCurrentUser } from '../../authProvider/useSession';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import { EditLogoDialog } from './EditLogoDialog';
import { LoadProblem, TEAM_PROBLEMS } from './LoadProblem';
import { useNextSession, useTeam, useTeamSessions, useUpcomingSessions } from './queries';
import { canEditTeam, sessionHref } from './rules';
import { TeamHeader } from './TeamHeader';
import { TeamSideLayout } from './TeamSideLayout';
import { TeamTiles } from './TeamTiles';
import type { Team } from './types';
import { UpcomingSessions } from './UpcomingSessions';

// The form controls load when the dialog first opens, not with the page.
const EditDescriptionDialog = lazy(() => import('./EditDescriptionDialog').then((m) => ({ default: m.EditDescriptionDialog })));

/** /percorso/{teamId}: where the team is, what is next, who to ask. */
export default function PercorsoPage() {
  const translate = useTranslate();
  const { teamId = '' } = useParams();
  const { data: team, error, isPending } = useTeam(teamId);
  // The team's sessions are asked together with the team rather than once it has come: the next
  // appointment paints as soon as it is known, whatever the whole lists take.
  const next = useNextSession(teamId);
  const upcoming = useUpcomingSessions(teamId);
  useTeamSessions(teamId);
  usePageTitle(translate('app.team.percorso_title'), team?.name);

  if (error) return <LoadProblem error={error} texts={TEAM_PROBLEMS} />;
  if (isPending || !team) return <PageLoader />;
  return <TeamPath team={team} next={next} upcoming={upcoming} />;
}

interface TeamPathProps {
  team: Team;
  next: ReturnType<typeof useNextSession>;
  upcoming: ReturnType<typeof useUpcomingSessions>;
}

function TeamPath({ team, next, upcoming }: TeamPathProps) {
  const { user } = useCurrentUser();
  const { permissions } = usePermissions<string[]>();
  const [dialog, setDialog] = useState<'description' | 'logo' | null>(null);
  const close = () => setDialog(null);

  const canEdit = canEditTeam(user?.teams, team.id, hasPermission(permissions, 'update_teams'));
  const hrefOf = (session: { id: number }) => sessionHref(session.id, team.id, user?.teams);

  return (
    <TeamSideLayout side={{ kind: 'team', teamId: team.id }}>
      <Stack spacing={3}>
        <TeamHeader
          team={team}
          canEdit={canEdit}
          onEditDescription={() => setDialog('description')}
          onEditLogo={() => setDialog('logo')}
        />
        <TeamTiles
          driveUrl={team.drive_url}
          next={next.data}
          nextHref={next.data ? hrefOf(next.data) : null}
          loadingNext={next.isPending}
        />
        <UpcomingSessions sessions={upcoming.data} loading={upcoming.isPending} hrefOf={hrefOf} />
      </Stack>
      {canEdit && (
        <>
          {dialog === 'description' && (
            <Suspense fallback={null}>
              <EditDescriptionDialog open team={team} onClose={close} />
            </Suspense>
          )}
          <EditLogoDialog open={dialog === 'logo'} team={team} onClose={close} />
        </>
      )}
    </TeamSideLayout>
  );
}
