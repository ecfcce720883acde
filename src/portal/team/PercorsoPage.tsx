import { useDeferredValue, useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { hasPermission } from '../../authProvider/canAccess';
import { lazyDialog } from '../../components/lazyDialog';
import { reloadableImport } from '../../components/reloadableImport';
import { usePermissions, usePermissionsLoading, useSession as useCurrentUser } from '../../authProvider/useSession';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import type { EditDescriptionDialogProps } from './EditDescriptionDialog';
import type { EditLogoDialogProps } from './EditLogoDialog';
import { LoadProblem, TEAM_PROBLEMS } from './LoadProblem';
import { useNextSession, usePrefetchTeamSessions, useTeam, useUpcomingSessions } from './queries';
import { canEditTeam, isMemberOf, sessionHref } from './rules';
import { TeamHeader } from './TeamHeader';
import { TeamSideLayout } from './TeamSideLayout';
import { TeamTiles } from './TeamTiles';
import type { Team } from './types';
import { UpcomingSessions } from './UpcomingSessions';
import './texts';

// The form controls load when the dialog first opens, not with the page.
const importEditDescription = reloadableImport(() => import('./EditDescriptionDialog'));
const EditDescriptionDialog = lazyDialog<EditDescriptionDialogProps>(() =>
  importEditDescription().then((m) => ({ default: m.EditDescriptionDialog })),
);
// So does the logo's (the cropper, and the upload): only who may edit the team ever opens it.
const importEditLogo = reloadableImport(() => import('./EditLogoDialog'));
const EditLogoDialog = lazyDialog<EditLogoDialogProps>(() =>
  importEditLogo().then((m) => ({ default: m.EditLogoDialog })),
);

/** /percorso/{teamId}: where the team is, what is next, who to ask. */
export default function PercorsoPage() {
  const translate = useTranslate();
  const { teamId = '' } = useParams();
  const { data: team, error, isPending } = useTeam(teamId);
  // The edit buttons and the courses tile depend on who the user is and, unless their own record
  // settles both (a member of this team with course access), on their permissions: the page waits
  // for those (asked while the page loads), so that nothing appears or changes once painted.
  const { user, loading: userLoading } = useCurrentUser();
  const permissionsLoading = usePermissionsLoading();
  const settledByUser = isMemberOf(user?.teams, teamId) && Boolean(user?.mooc_access);
  // The team's sessions are asked together with the team rather than once it has come: the next
  // appointment paints as soon as it is known, whatever the whole lists take.
  usePrefetchTeamSessions(teamId);
  usePageTitle(translate('app.team.percorso_title'), team?.name);
  // The whole page renders at once when the team comes: as a deferred render, which React does in
  // slices between which the browser can paint and handle input, rather than in one long task.
  const shownTeam = useDeferredValue(team);

  if (error) return <LoadProblem error={error} texts={TEAM_PROBLEMS} />;
  // (Until the deferred render, `shownTeam` may still be the previous route's.)
  const waiting = isPending || userLoading || (permissionsLoading && !settledByUser);
  if (waiting || !shownTeam || String(shownTeam.id) !== teamId) return <PageLoader tall />;
  return <TeamPath team={shownTeam} teamId={teamId} />;
}

type HrefOf = (session: { id: number }) => string;

function TeamPath({ team, teamId }: { team: Team; teamId: string }) {
  const { user } = useCurrentUser();
  const permissions = usePermissions();
  const [dialog, setDialog] = useState<'description' | 'logo' | null>(null);
  const close = () => setDialog(null);

  const canEdit = canEditTeam(user?.teams, team.id, hasPermission(permissions, 'update_teams'));
  const hrefOf: HrefOf = (session) => sessionHref(session.id, team.id, user?.teams);

  return (
    <TeamSideLayout side={{ kind: 'team', teamId: team.id }}>
      <Stack spacing={3}>
        <TeamHeader
          team={team}
          canEdit={canEdit}
          onEditDescription={() => setDialog('description')}
          onEditLogo={() => setDialog('logo')}
        />
        <Tiles
          team={team}
          teamId={teamId}
          hrefOf={hrefOf}
          coursesAccess={Boolean(user?.mooc_access) || hasPermission(permissions, 'read_courses')}
        />
        <Upcoming teamId={teamId} hrefOf={hrefOf} />
      </Stack>
      {canEdit && (
        <>
          <EditDescriptionDialog open={dialog === 'description'} team={team} onClose={close} />
          <EditLogoDialog open={dialog === 'logo'} team={team} onClose={close} />
        </>
      )}
    </TeamSideLayout>
  );
}

// Each box reads its own request, so that its answer re-renders that box only.

function Tiles({
  team,
  teamId,
  hrefOf,
  coursesAccess,
}: {
  team: Team;
  teamId: string;
  hrefOf: HrefOf;
  coursesAccess: boolean;
}) {
  const next = useNextSession(teamId);
  return (
    <TeamTiles
      driveUrl={team.drive_url}
      next={next.data}
      nextHref={next.data ? hrefOf(next.data) : null}
      loadingNext={next.isPending}
      coursesAccess={coursesAccess}
    />
  );
}

function Upcoming({ teamId, hrefOf }: { teamId: string; hrefOf: HrefOf }) {
  const upcoming = useUpcomingSessions(teamId);
  return <UpcomingSessions sessions={upcoming.data} loading={upcoming.isPending} hrefOf={hrefOf} />;
}
