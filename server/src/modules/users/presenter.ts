import type { UserWithRelations } from './repository.js';
import type { AdminUser } from './schemas.js';

/** A user as the back-office lists and edits them. */
export function presentAdminUser(u: UserWithRelations): AdminUser {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    tax_id: u.tax_id,
    birthdate: u.birthdate,
    created_at: u.created_at,
    avatar: u.avatar,
    mobile: u.mobile,
    is_expert: Boolean(u.is_expert),
    expert_access: u.is_expert ? u.expert_access : null,
    mooc_access: Boolean(u.mooc_access),
    courses_percentage: u.courses_percentage,
    roles: u.roles,
    teams: u.teams,
  };
}
