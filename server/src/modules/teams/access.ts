import { can, type AuthContext } from '../../access/can.js';
import { forbidden, orNotFound } from '../../http/errors.js';

/**
 * Who may read and edit a team. The decisions are pure functions of the caller and of a relation
 * the repository loads once; assertTeamAccess loads, decides and throws 404/403.
 */

/** How the caller relates to one team. */
export interface TeamRelation {
  /** Listed in team_members, or the team's coordinator (owner). */
  member: boolean;
  /** Expert with complete access, or limited access that includes this team. */
  followingExpert: boolean;
}

export function mayReadTeam(auth: AuthContext, rel: TeamRelation): boolean {
  return rel.member || rel.followingExpert || can(auth, 'read_teams');
}

/** A team's sessions are part of its percorso: readable with the team, or with read_sessions. */
export function mayReadTeamSessions(auth: AuthContext, rel: TeamRelation): boolean {
  return mayReadTeam(auth, rel) || can(auth, 'read_sessions');
}

/** Description and logo: the team's own people, or update_teams. */
export function mayEditTeamProfile(auth: AuthContext, rel: TeamRelation): boolean {
  return rel.member || can(auth, 'update_teams');
}

/** Name and coordinator: only update_teams. */
export function mayEditTeamAdministration(auth: AuthContext): boolean {
  return can(auth, 'update_teams');
}

/** Loads the relation and throws 404 (no such team) or 403 (`decide` says no). */
export async function assertTeamAccess(
  teams: { relationOf(auth: AuthContext, teamId: number): Promise<TeamRelation | undefined> },
  auth: AuthContext,
  teamId: number,
  decide: (auth: AuthContext, rel: TeamRelation) => boolean,
): Promise<TeamRelation> {
  const rel = orNotFound(await teams.relationOf(auth, teamId), 'team');
  if (!decide(auth, rel)) throw forbidden();
  return rel;
}
