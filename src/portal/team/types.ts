/** Shapes of the team and session reads the portal's team pages use: the server's contract. */
export type {
  PersonSummary as Person,
  TeamDetail as Team,
  SessionResource as Session,
  SessionTeam,
} from '../../../server/src/contract';
