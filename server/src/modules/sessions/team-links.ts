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
 */
export function ofTeam(eb: SessionsWhere, teamId: number) {
  return eb.or([
    eb(
      'sessions.id',
      'in',
      eb.selectFrom('session_teams').select('session_teams.session_id').where('session_teams.team_id', '=', teamId),
    ),
    eb('sessions.teams_count', '=', 0),
  ]);
}
