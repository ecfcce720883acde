import type { Db } from '../../db/index.js';
import type { AuthContext } from '../../access/can.js';

/** Ids of the teams the caller belongs to (member or coordinator) and, for experts, follows. */
export async function callerTeams(db: Db, auth: AuthContext): Promise<{ teamIds: number[]; expertTeamIds: number[] }> {
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
