import { Type, type Static } from 'typebox';
import { Data, DbId, Page, Name } from '../../http/schemas.js';
import { ExpertAccess } from '../experts/schemas.js';

/** A user as the back-office lists and edits them (GET /api/users, GET /api/users/{id}). */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  tax_id: Type.Union([Type.String(), Type.Null()]),
  birthdate: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()]),
  created_at: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  is_expert: Type.Boolean(),
  expert_access: Type.Union([ExpertAccess, Type.Null()]),
  mooc_access: Type.Boolean(),
  /** Completed lessons of published courses over all their lessons, 0..1. */
  courses_percentage: Type.Number(),
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  teams: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      avatar: Type.Union([Type.String(), Type.Null()]),
      drive_url: Type.Union([Type.String(), Type.Null()]),
      owner_id: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type AdminUser = Static<typeof AdminUser>;

/** POST /api/users. */
export const UserCreateBody = Type.Object({
  name: Name(),
  surname: Name(),
  email: Type.String({ format: 'email', maxLength: 255 }),
  tax_id: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  /** A calendar day, `YYYY-MM-DD`: a date-time is refused, its day would depend on a time zone. */
  birthdate: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Null()])),
});
export type UserCreateBody = Static<typeof UserCreateBody>;

export const UserRolesBody = Type.Object({ roles: Type.Array(DbId, { maxItems: 200 }) });
export type UserRolesBody = Static<typeof UserRolesBody>;

export const UserMoocBody = Type.Object({ mooc_access: Type.Boolean() });
export type UserMoocBody = Static<typeof UserMoocBody>;

export const AdminUserResponse = Data(AdminUser);
export const AdminUserListResponse = Page(AdminUser);
export const UserDeletedResponse = Data(
  Type.Object({ id: Type.Integer(), name: Type.String(), surname: Type.String(), email: Type.String() }),
);
