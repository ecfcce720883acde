/** Shapes of the team and session reads the portal's team pages use: the server's contract (SPEC §3). */
export type { PersonSummary as Person, TeamDetail as Team } from '../../../server/src/schemas/team';
export type { SessionResource as Session, SessionTeam } from '../../../server/src/schemas/session';
