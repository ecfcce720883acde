import { can, type AuthContext } from '../../plugins/auth.js';
import type { SessionsRepository } from '../sessions/repository.js';
import type { TeamsRepository } from './repository.js';
import { forbidden, orNotFound } from '../../http/errors.js';

/**
 * Who may read and edit a team and its sessions. The decisions are pure functions of the
 * caller and of a relation the repositories load once; the `assert…` helpers load, decide and
 * throw 404/403.
 */

/** How the caller relates to one team. */
export interface TeamRelation {
  /** Listed in team_members, or the team's coordinator (owner). */
  member: boolean;
  /** Expert with complete access, or limited access that includes this team. */
  followingExpert: boolean;
}

/** How the caller relates to one session. */
export interface SessionRelation {
  /** Teams the session is attached to; empty means valid for every team. */
  sessionTeamIds: number[];
  /** The caller is one of the session's experts. */
  sessionExpert: boolean;
  /** Teams the caller belongs to (member or coordinator). */
  callerTeamIds: number[];
  /** Teams a limited expert follows. */
  callerExpertTeamIds: number[];
}

const completeExpert = (auth: AuthContext) => auth.isExpert && auth.expertAccess === 'complete';

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

export function mayReadSession(auth: AuthContext, rel: SessionRelation): boolean {
  if (can(auth, 'read_sessions') || rel.sessionExpert || completeExpert(auth)) return true;
  const followed = auth.isExpert ? rel.callerExpertTeamIds : [];
  const reachable = new Set([...rel.callerTeamIds, ...followed]);
  if (rel.sessionTeamIds.length === 0) return reachable.size > 0;
  return rel.sessionTeamIds.some((id) => reachable.has(id));
}

/** Attendances (who joined, e-mails) are back-office data. */
export function maySeeAttendances(auth: AuthContext): boolean {
  return can(auth, 'read_sessions');
}

/** Loads the relation and throws 404 (no such team) or 403 (`decide` says no). */
export async function assertTeamAccess(
  teams: Pick<TeamsRepository, 'relationOf'>,
  auth: AuthContext,
  teamId: number,
  decide: (auth: AuthContext, rel: TeamRelation) => boolean,
): Promise<TeamRelation> {
  const rel = orNotFound(await teams.relationOf(auth, teamId), 'team');
  if (!decide(auth, rel)) throw forbidden();
  return rel;
}

/** Throws 404 when the session does not exist, 403 when the caller may not read it. */
export async function assertSessionReadable(
  sessions: Pick<SessionsRepository, 'findById' | 'relationOf'>,
  auth: AuthContext,
  sessionId: number,
): Promise<void> {
  orNotFound(await sessions.findById(sessionId), 'session');
  if (can(auth, 'read_sessions')) return;
  if (!mayReadSession(auth, await sessions.relationOf(auth, sessionId))) throw forbidden();
}
