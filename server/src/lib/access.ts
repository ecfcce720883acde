import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { can, type AuthContext } from '../plugins/auth.js';
import { forbidden, notFound } from './errors.js';

/**
 * Who may read and edit a team and its sessions (issue 5). The decisions are pure functions of the
 * caller and of a relation loaded once; the `assert…` helpers load, decide and throw 404/403.
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

/** The relation of the caller to a team, or null when the team does not exist. */
export async function loadTeamRelation(db: Db, auth: AuthContext, teamId: number): Promise<TeamRelation | null> {
  const row = await db
    .selectFrom('teams')
    .select((eb) => [
      'teams.owner_id',
      eb
        .exists(
          eb
            .selectFrom('team_members')
            .select(sql.lit(1).as('one'))
            .where('team_members.team_id', '=', teamId)
            .where('team_members.user_id', '=', auth.userId),
        )
        .as('is_member'),
      eb
        .exists(
          eb
            .selectFrom('expert_teams')
            .select(sql.lit(1).as('one'))
            .where('expert_teams.team_id', '=', teamId)
            .where('expert_teams.user_id', '=', auth.userId),
        )
        .as('is_followed'),
    ])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    member: Boolean(row.is_member) || row.owner_id === auth.userId,
    followingExpert: auth.isExpert && (auth.expertAccess === 'complete' || Boolean(row.is_followed)),
  };
}

/** Ids of the teams the caller belongs to (member or coordinator) and, for experts, follows. */
export async function loadCallerTeams(db: Db, auth: AuthContext): Promise<{ teamIds: number[]; expertTeamIds: number[] }> {
  const [memberOf, owned, followed] = await Promise.all([
    db.selectFrom('team_members').select('team_id').where('user_id', '=', auth.userId).execute(),
    db.selectFrom('teams').select('id').where('owner_id', '=', auth.userId).execute(),
    auth.isExpert
      ? db.selectFrom('expert_teams').select('team_id').where('user_id', '=', auth.userId).execute()
      : Promise.resolve([]),
  ]);
  return {
    teamIds: [...new Set([...memberOf.map((r) => r.team_id), ...owned.map((r) => r.id)])],
    expertTeamIds: followed.map((r) => r.team_id),
  };
}

export async function loadSessionRelation(db: Db, auth: AuthContext, sessionId: number): Promise<SessionRelation> {
  const [teams, expert, caller] = await Promise.all([
    db.selectFrom('session_teams').select('team_id').where('session_id', '=', sessionId).execute(),
    db
      .selectFrom('session_experts')
      .select('user_id')
      .where('session_id', '=', sessionId)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst(),
    loadCallerTeams(db, auth),
  ]);
  return {
    sessionTeamIds: teams.map((t) => t.team_id),
    sessionExpert: Boolean(expert),
    callerTeamIds: caller.teamIds,
    callerExpertTeamIds: caller.expertTeamIds,
  };
}

/** Loads the relation and throws 404 (no such team) or 403 (`decide` says no). */
export async function assertTeamAccess(
  db: Db,
  auth: AuthContext,
  teamId: number,
  decide: (auth: AuthContext, rel: TeamRelation) => boolean,
): Promise<TeamRelation> {
  const rel = await loadTeamRelation(db, auth, teamId);
  if (!rel) throw notFound('Team');
  if (!decide(auth, rel)) throw forbidden();
  return rel;
}

/** Throws 404 when the session does not exist, 403 when the caller may not read it. */
export async function assertSessionReadable(db: Db, auth: AuthContext, sessionId: number): Promise<void> {
  const exists = await db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst();
  if (!exists) throw notFound('Sessione');
  if (can(auth, 'read_sessions')) return;
  if (!mayReadSession(auth, await loadSessionRelation(db, auth, sessionId))) throw forbidden();
}

/** True when the session is attached to the team or to no team at all (valid for every team). */
export async function sessionValidForTeam(db: Db, sessionId: number, teamId: number): Promise<boolean> {
  const teams = await db.selectFrom('session_teams').select('team_id').where('session_id', '=', sessionId).execute();
  return teams.length === 0 || teams.some((t) => t.team_id === teamId);
}
