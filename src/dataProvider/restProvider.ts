import type { DataProvider, DeleteParams, GetListParams, Identifier, RaRecord, UpdateParams } from 'ra-core';
import { editVersionAt, keepEditVersion } from './editVersions';
import { apiUrl, httpClient, unwrapData } from './http';
import type { HttpResult } from './httpResult';
import { toListQuery, type ListParams } from './listQuery';
import { toListResult } from './listResult';
import { recordPath, resourcePath } from './resourcePath';

type Meta = { query?: Record<string, unknown>; courseId?: Identifier; moduleId?: Identifier } | undefined;

/**
 * A call as a generic REST provider makes it (the URL, method, headers and body it sent, pinned by
 * tests/unit/dataProvider.test.ts), on the API's client: the answer's `{data: X}` unwrapped, and the
 * record's edit version kept.
 */
async function simpleRestCall(url: string, options: RequestInit = {}) {
  const result: HttpResult = await httpClient(url, options);
  keepEditVersion(url, result.headers);
  return { data: unwrapData<unknown>(result.json) };
}
const recordUrl = (path: string, id: Identifier) => `/api/${path}/${encodeURIComponent(String(id))}`;

const isRecord = (value: unknown): value is RaRecord => !!value && typeof value === 'object';

/**
 * The custom part: Laravel-style lists (`page`, `per_page`, `sort=-field`, `filter[...]`, total
 * from `meta`), which simple-rest (JSON-encoded `range`/`filter`, total from Content-Range) cannot
 * send or read.
 */
async function getList<R extends RaRecord>(resource: string, params: ListParams & { meta?: Meta; signal?: AbortSignal }) {
  const { json } = await httpClient(apiUrl(resourcePath(resource, params.meta), toListQuery({ ...params, query: params.meta?.query })), {
    signal: params.signal,
  });
  return toListResult<R>(json);
}

/**
 * The REST base: one resource ↔ one collection under /api (modules and lessons nested under their
 * course and module, from `meta`). getOne, create and delete send what ra-data-simple-rest sent;
 * lists, getMany and the bulk calls are the API's own.
 */
export const restProvider = {
  getList: <R extends RaRecord>(resource: string, params: GetListParams) => getList<R>(resource, params),

  getOne: (resource, params) => simpleRestCall(recordUrl(resourcePath(resource, params.meta), params.id), { signal: params.signal }) as Promise<{ data: never }>,

  /** One request for every id: `filter[id][]=1&filter[id][]=2`, on one page as long as the list. */
  getMany: async <R extends RaRecord>(resource: string, params: { ids: Identifier[]; meta?: Meta; signal?: AbortSignal }) => {
    if (!params.ids.length) return { data: [] as R[] };
    const { data } = await getList<R>(resource, {
      pagination: { page: 1, perPage: params.ids.length },
      filter: { id: params.ids },
      meta: params.meta,
      signal: params.signal,
    });
    const wanted = new Set(params.ids.map(String));
    return { data: data.filter((record) => wanted.has(String(record.id))) };
  },

  getManyReference: (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

  create: (resource, params) =>
    simpleRestCall(`/api/${resourcePath(resource, params.meta)}`, { method: 'POST', body: JSON.stringify(params.data) }) as Promise<{ data: never }>,

  /**
   * PUT, on the condition that the record's edited fields are still as it was loaded with (If-Match:
   * see editVersions.ts). An answer without a body (204) keeps the form's values.
   */
  update: async <R extends RaRecord>(resource: string, params: UpdateParams<R>) => {
    const url = apiUrl(recordPath(resource, encodeURIComponent(String(params.id)), params.meta));
    const version = editVersionAt(url);
    const result = await httpClient(url, { method: 'PUT', body: JSON.stringify(params.data), headers: new Headers(version ? { 'If-Match': version } : {}) });
    keepEditVersion(url, result.headers);
    const data = unwrapData<unknown>(result.json);
    return { data: isRecord(data) ? (data as R) : ({ ...params.previousData, ...params.data, id: params.id } as R) };
  },

  /** PUT each record (the API has no bulk update); answers the ids, also when a PUT has no body. */
  updateMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => httpClient(apiUrl(recordPath(resource, id, params.meta)), { method: 'PUT', body: JSON.stringify(params.data) })));
    return { data: params.ids };
  },

  /** Answers the record as it was before (the API answers only its id and name). */
  delete: async <R extends RaRecord>(resource: string, params: DeleteParams<R>) => {
    const { data } = await simpleRestCall(recordUrl(resourcePath(resource, params.meta), params.id), {
      method: 'DELETE',
      headers: new Headers({ 'Content-Type': 'text/plain' }),
    });
    return { data: params.previousData ?? (isRecord(data) ? (data as R) : ({ id: params.id } as R)) };
  },

  /** DELETE each record (the API has no bulk delete). */
  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => httpClient(apiUrl(recordPath(resource, id, params.meta)), { method: 'DELETE' })));
    return { data: params.ids };
  },

  supportAbortSignal: true,
} satisfies DataProvider;
