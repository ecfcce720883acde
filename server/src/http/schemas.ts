import { Type, type Static, type TSchema } from 'typebox';

export const ListMeta = Type.Object({
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  per_page: Type.Integer(),
  from: Type.Union([Type.Integer(), Type.Null()]),
  to: Type.Union([Type.Integer(), Type.Null()]),
  total: Type.Integer(),
});
export type ListMeta = Static<typeof ListMeta>;

/** Query string of every list endpoint: `page`, `per_page`, `sort`, `filter[...]` (parsed with qs). */
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String()])),
  per_page: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String()])),
  sort: Type.Optional(Type.String()),
  filter: Type.Optional(Type.Record(Type.String(), Type.Any())),
});
export type ListQuery = Static<typeof ListQuery>;

/** A database id: positive and within PostgreSQL's integer range (larger values would fail in the query). */
export const DbId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** A name people read (of a team, a course, a person…): required, no control or bidirectional-override characters. */
export const Name = (maxLength = 255) => Type.String({ minLength: 1, maxLength, format: 'plain-text' });

/** Free text people write (a description, instructions): several lines allowed, no control characters. */
export const FreeText = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, format: 'free-text' });

export const IdParams = Type.Object({ id: DbId });
export type IdParams = Static<typeof IdParams>;

/**
 * Every error answer, 4xx and 5xx alike: the text to show and, on 422, each invalid field's
 * messages; a refused sign-in also says why in `reason` (the SPA words some of them itself).
 */
export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  reason: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * A route's `response` schemas: its success answers (200, 201, 204) plus the one error body for
 * every 4xx and 5xx status (authentication, permission, not found, validation, rate limit, …).
 */
export function responses<const T extends Record<number, TSchema>>(success: T) {
  return { ...success, '4xx': ErrorBody, '5xx': ErrorBody };
}

/** `{data: X}`: every single-record answer. */
export const Data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });

/** `{data: X[], meta}`: every paginated list. */
export const Page = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: ListMeta });

/** 204 answers have no body (the handler sends `reply.status(204).send(null)`). */
export const NoContent = Type.Null({ description: 'No body' });

/** What a DELETE answers: the id and name of the record that was removed. */
export const DeletedRecord = Type.Object({ id: Type.Integer(), name: Type.String() });
