import { useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { useSession as useCurrentUser } from '../../authProvider/useSession';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import { LoadProblem, SESSION_PROBLEMS } from './LoadProblem';
import { useSession } from './queries';
import { sessionContext } from './rules';
import { SessionDetail } from './SessionDetail';
import { TeamSideLayout } from './TeamSideLayout';

/**
 * /sessions/{sessionId} and /percorso/{teamId}/sessions/{sessionId}: the session beside its team's
 * side column, or beside the expert view when the user is not in the session's team.
 */
export default function SessionPage() {
  const translate = useTranslate();
  const { teamId, sessionId = '' } = useParams();
  const { user, loading: userLoading } = useCurrentUser();
  const { data: session, error, isPending } = useSession(sessionId, teamId);
  // "Demo Day · Sessione · Percorso": the document title names the session shown.
  usePageTitle(translate('app.team.session_title'), session?.name);

  if (error) return <LoadProblem error={error} texts={SESSION_PROBLEMS} />;
  if (isPending || userLoading || !session) return <PageLoader />;

  const context = sessionContext(teamId, user?.teams, session);
  const side = context.expertView || context.teamId === null
    ? ({ kind: 'expert', session } as const)
    : ({ kind: 'team', teamId: context.teamId, openOn: session.start_time } as const);

  return (
    <TeamSideLayout side={side}>
      <SessionDetail session={session} />
    </TeamSideLayout>
  );
}
