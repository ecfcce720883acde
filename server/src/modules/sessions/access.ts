import { can, type AuthContext } from '../../access/can.js';
import { forbidden, orNotFound } from '../../http/errors.js';

/**
 * Who may read a session and its attendances. The decisions are pure functions of the caller and
 * of a relation the repository loads once; assertSessionReadable loads, decides and throws 404/403.
 */

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

/** Throws 404 when the session does not exist, 403 when the caller may not read it. */
export async function assertSessionReadable(
  sessions: {
    findById(id: number): Promise<unknown>;
    relationOf(auth: AuthContext, sessionId: number): Promise<SessionRelation>;
  },
  auth: AuthContext,
  sessionId: number,
): Promise<void> {
  orNotFound(await sessions.findById(sessionId), 'session');
  if (can(auth, 'read_sessions')) return;
  if (!mayReadSession(auth, await sessions.relationOf(auth, sessionId))) throw forbidden();
}
