import { Type, type Static } from 'typebox';
import { Data, Page, Name, FreeText } from '../../http/schemas.js';

export const PermissionResource = Type.Object({ name: Type.String(), description: Type.String() });
export type PermissionResource = Static<typeof PermissionResource>;

export const RoleResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  created_at: Type.String(),
  permissions: Type.Array(PermissionResource),
  /** Users who hold the role (they lose its permissions if it is deleted). */
  users_count: Type.Integer({ minimum: 0 }),
});
export type RoleResource = Static<typeof RoleResource>;

/** POST /api/roles and PUT /api/roles/{id}. */
export const RoleBody = Type.Object({
  name: Name(),
  description: FreeText(1024, 1),
  permissions: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })),
});
export type RoleBody = Static<typeof RoleBody>;

export const RoleResponse = Data(RoleResource);
export const RoleListResponse = Page(RoleResource);
/** DELETE /api/roles/{id}: the removed role without its permissions. */
export const RoleDeletedResponse = Data(
  Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String(), created_at: Type.String() }),
);
/** GET /api/permissions: the whole catalogue. */
export const PermissionListResponse = Data(Type.Array(PermissionResource));
