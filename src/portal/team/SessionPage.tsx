import { useDeferredValue } from 'react';
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
import './texts';

/**
 * /sessions/{sessionId} and /percorso/{teamId}/sessions/{sessionId}: the session beside its team's
 * side column, or beside the expert view when the user is not in the session's team.
 */
export default function SessionPage() {
  const translate = useTranslate();
  const { teamId, sessionId = '' } = useParams();
  const { user, loading: userLoading } = useCurrentUser();
  const { data, error, isPending } = useSession(sessionId, teamId);
  // "Demo Day · Sessione · Percorso": the document title names the session shown.
  usePageTitle(translate('app.team.session_title'), data?.name);
  // The page renders at once when the session comes: as a deferred render, which React does in
  // slices between which the browser can paint and handle input, rather than in one long task.
  const session = useDeferredValue(data);

  if (error) return <LoadProblem error={error} texts={SESSION_PROBLEMS} />;
  // (Until the deferred render, `session` may still be the previous route's.)
  if (isPending || userLoading || !session || String(session.id) !== sessionId) return <PageLoader tall />;

  const context = sessionContext(teamId, user?.teams, session);
  const side =
    context.expertView || context.teamId === null
      ? ({ kind: 'expert', session } as const)
      : ({ kind: 'team', teamId: context.teamId, openOn: session.start_time } as const);

  return (
    <TeamSideLayout side={side}>
      <SessionDetail session={session} />
    </TeamSideLayout>
  );
}
