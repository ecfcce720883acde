/** The rules of the team and session pages, kept pure so they can be tested without a browser. */
import type { Session } from './types';

type TeamRef = { id: number | string };

export function isMemberOf(teams: ReadonlyArray<TeamRef> | undefined, teamId: number | string): boolean {
  return (teams ?? []).some((team) => String(team.id) === String(teamId));
}

/** /sessions/{id} for a session seen from the user's own team, /percorso/{teamId}/sessions/{id} otherwise. */
export function sessionHref(
  sessionId: number | string,
  teamId: number | string,
  userTeams: ReadonlyArray<TeamRef> | undefined,
): string {
  return isMemberOf(userTeams, teamId) ? `/sessions/${sessionId}` : `/percorso/${teamId}/sessions/${sessionId}`;
}

/** Team description and logo can be edited by the team's members and by holders of update_teams. */
export function canEditTeam(
  userTeams: ReadonlyArray<TeamRef> | undefined,
  teamId: number | string,
  mayUpdateTeams: boolean,
): boolean {
  return mayUpdateTeams || isMemberOf(userTeams, teamId);
}

export interface SessionContext {
  /** The team whose side column (calendar, coordinator, members) accompanies the session, if any. */
  teamId: number | string | null;
  /** No team in the route and the user is not in the session's team: seen as an expert. */
  expertView: boolean;
}

/**
 * Which team a session is shown with. A team id in the route wins. Otherwise the user's own team
 * that the session is for (a session with no team is for every team), else the user's first team
 * with the expert view when the user has no part in the session.
 */
export function sessionContext(
  routeTeamId: string | undefined,
  userTeams: ReadonlyArray<TeamRef> | undefined,
  session: Pick<Session, 'teams'> | undefined,
): SessionContext {
  if (routeTeamId) return { teamId: routeTeamId, expertView: false };
  const teams = userTeams ?? [];
  const sessionTeams = session?.teams ?? [];
  const ownTeam = sessionTeams.length === 0 ? teams[0] : teams.find((team) => isMemberOf(sessionTeams, team.id));
  if (ownTeam) return { teamId: ownTeam.id, expertView: false };
  return { teamId: null, expertView: true };
}
