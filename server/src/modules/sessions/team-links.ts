import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A condition on sessions (the teams and sessions repositories both filter with it). */
export type SessionsWhere = ExpressionBuilder<Database, 'sessions'>;

/** The session has a team link: to `team` (`'='`), to another team (`'<>'`), or to any team. */
export function hasTeamLink(eb: SessionsWhere, team?: { op: '=' | '<>'; id: number }) {
  let links = eb
    .selectFrom('session_teams')
    .select(sql.lit(1).as('one'))
    .whereRef('session_teams.session_id', '=', 'sessions.id');
  if (team) links = links.where('session_teams.team_id', team.op, team.id);
  return eb.exists(links);
}

/**
 * The sessions a team sees: those linked to it plus those for every team (linked to none). Both
 * halves are index lookups (the team's links; `teams_count = 0` on the sessions index), so the
 * cost follows the team's and the programme's sessions, not the number of sessions of all teams.
 * PostgreSQL combines the two indexes (a BitmapOr) only for `= any(array(…))`: an `in (…)` is a
 * filter tested on every session; SQLite's OR optimisation takes the `in (…)`.
 */
export function ofTeam(eb: SessionsWhere, teamId: number, postgres: boolean) {
  const links = eb
    .selectFrom('session_teams')
    .select('session_teams.session_id')
    .where('session_teams.team_id', '=', teamId);
  return eb.or([
    postgres ? eb(sql.ref('sessions.id'), '=', sql<number>`any(array(${links}))`) : eb('sessions.id', 'in', links),
    eb('sessions.teams_count', '=', 0),
  ]);
}
