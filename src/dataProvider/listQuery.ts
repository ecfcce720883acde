import { stringifyQuery } from './queryString';

export interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
  /** Extra query parameters the endpoint understands (e.g. `{attendances: true}`, `{includes: 'permissions'}`). */
  query?: Record<string, unknown>;
}

/** `{field, order}` → Laravel's `sort=field` / `sort=-field`. */
export function toSortParam(sort: ListParams['sort']): string | undefined {
  if (!sort || !sort.field) return undefined;
  return sort.order === 'DESC' ? `-${sort.field}` : sort.field;
}

/** Drops filter values that mean "no filter": undefined, null, empty or blank strings, empty arrays. */
export function cleanFilter(filter: Record<string, unknown> | undefined): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    clean[key] = value;
  }
  return clean;
}

/** react-admin list parameters → `page`, `per_page`, `sort`, `filter[...]` (qs-style brackets). */
export function toListQuery(params: ListParams): string {
  const filter = cleanFilter(params.filter);
  return stringifyQuery({
    ...params.query,
    page: params.pagination?.page,
    per_page: params.pagination?.perPage,
    sort: toSortParam(params.sort),
    filter: Object.keys(filter).length ? filter : undefined,
  });
}
