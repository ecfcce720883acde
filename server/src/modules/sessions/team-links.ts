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
