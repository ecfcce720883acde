import { Type, type Static } from 'typebox';

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

export const IdParams = Type.Object({ id: DbId });
export type IdParams = Static<typeof IdParams>;

export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
export type ErrorBody = Static<typeof ErrorBody>;

export interface DataResponse<T> {
  data: T;
}
export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
