import { Type, type Static } from 'typebox';
import { Data, DbId, Page } from '../../http/schemas.js';

export const ExpertAccess = Type.Union([Type.Literal('complete'), Type.Literal('limited')]);
export type ExpertAccess = Static<typeof ExpertAccess>;

export const ExpertResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  tax_id: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  is_expert: Type.Boolean(),
  expert_access: Type.Union([ExpertAccess, Type.Null()]),
  created_at: Type.String(),
  teams: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type ExpertResource = Static<typeof ExpertResource>;

/**
 * Access is checked by the handler (not the schema) so that its errors land under `expert_access`,
 * the field the form shows; `expert_access` is accepted as an alias of `access`.
 */
const AccessField = Type.Optional(Type.Union([Type.String(), Type.Null()]));
const TeamIds = Type.Optional(Type.Union([Type.Array(DbId, { maxItems: 1000 }), Type.Null()]));

/** POST /api/experts. */
export const ExpertCreateBody = Type.Object({
  user_id: DbId,
  access: AccessField,
  expert_access: AccessField,
  teams: TeamIds,
});
export type ExpertCreateBody = Static<typeof ExpertCreateBody>;

/** PUT /api/experts/{id}. */
export const ExpertUpdateBody = Type.Object({
  access: AccessField,
  expert_access: AccessField,
  teams: TeamIds,
});
export type ExpertUpdateBody = Static<typeof ExpertUpdateBody>;

export const ExpertResponse = Data(ExpertResource);
export const ExpertListResponse = Page(ExpertResource);
/** DELETE /api/experts/{id}: the user stays, only the expert flag and teams go. */
export const ExpertDeletedResponse = Data(
  Type.Object({ id: Type.Integer(), name: Type.String(), surname: Type.String() }),
);
