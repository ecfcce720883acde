import { Type, type Static } from 'typebox';
import { Data, DeletedRecord, FreeText, Name, Page } from '{{import:commonSchemas}}';

/** A {{one}} as the API answers it. */
export const {{Singular}}Resource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type {{Singular}}Resource = Static<typeof {{Singular}}Resource>;

/** POST /api/{{kebab}} and PUT /api/{{kebab}}/{id}: the whole {{one}}, as its form sends it. */
export const {{Singular}}Body = Type.Object({
  name: Name(),
  description: Type.Optional(Type.Union([FreeText(5000), Type.Null()])),
});
export type {{Singular}}Body = Static<typeof {{Singular}}Body>;

export const {{Singular}}Response = Data({{Singular}}Resource);
export const {{Singular}}ListResponse = Page({{Singular}}Resource);
/** DELETE /api/{{kebab}}/{id}: the id and name of the {{one}} removed. */
export const {{Singular}}DeletedResponse = Data(DeletedRecord);
