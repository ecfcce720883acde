import type { ExpertWithTeams } from './repository.js';
import type { ExpertResource } from './schemas.js';

/** An expert with the teams they follow. */
export function presentExpert(u: ExpertWithTeams): ExpertResource {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    tax_id: u.tax_id,
    mobile: u.mobile,
    avatar: u.avatar,
    is_expert: Boolean(u.is_expert),
    expert_access: u.expert_access,
    created_at: u.created_at,
    teams: u.teams,
  };
}
