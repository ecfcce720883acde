import type { TeamWithMembers, TeamWithRelations } from './repository.js';
import type { TeamDetail, TeamSummary } from './schemas.js';
import { extend } from '../../infra/objects.js';

/** A team as lists show it: its fields, coordinator and member count. */
export function presentTeam(t: TeamWithRelations): TeamSummary {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    avatar: t.avatar,
    drive_url: t.drive_url,
    owner_id: t.owner_id,
    owner: t.owner,
    members_count: t.members_count,
    created_at: t.created_at,
  };
}

/** A team with its members, as the team page shows it. */
export function presentTeamDetail(t: TeamWithMembers): TeamDetail {
  return extend(presentTeam(t), { members: t.members });
}
