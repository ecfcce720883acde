import type { DataProvider, DeleteParams, Identifier, RaRecord } from 'ra-core';
import { apiUrl, httpClient } from './http';
import { getList, isRecord, recordUrl, simpleRestCall, type Meta } from './restProvider';
import { recordPath, resourcePath } from './resourcePath';

/**
 * The REST calls only react-admin makes (the portal's pages never do): getMany and
 * getManyReference on the API's lists, delete as ra-data-simple-rest sent it, and the bulk calls,
 * one request per record. They load with the back-office (./backOffice.ts), not with the portal.
 */
/** The most rows the API's lists answer on one page (`per_page` above it is refused). */
const PAGE_LIMIT = 100;

export const backOfficeRest = {
  /**
   * `filter[id][]=1&filter[id][]=2` on one page as long as the list: one request for every
   * PAGE_LIMIT ids (the API answers at most that many rows a page).
   */
  getMany: async <R extends RaRecord>(
    resource: string,
    params: { ids: Identifier[]; meta?: Meta; signal?: AbortSignal },
  ) => {
    const chunks: Identifier[][] = [];
    for (let i = 0; i < params.ids.length; i += PAGE_LIMIT) chunks.push(params.ids.slice(i, i + PAGE_LIMIT));
    const pages = await Promise.all(
      chunks.map((ids) =>
        getList<R>(resource, {
          pagination: { page: 1, perPage: ids.length },
          filter: { id: ids },
          meta: params.meta,
          signal: params.signal,
        }),
      ),
    );
    const wanted = new Set(params.ids.map(String));
    return { data: pages.flatMap(({ data }) => data).filter((record) => wanted.has(String(record.id))) };
  },

  getManyReference: (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

  /** PUT each record (the API has no bulk update); answers the ids, also when a PUT has no body. */
  updateMany: async (resource, params) => {
    await Promise.all(
      params.ids.map((id) =>
        httpClient(apiUrl(recordPath(resource, id, params.meta)), { method: 'PUT', body: JSON.stringify(params.data) }),
      ),
    );
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
    await Promise.all(
      params.ids.map((id) => httpClient(apiUrl(recordPath(resource, id, params.meta)), { method: 'DELETE' })),
    );
    return { data: params.ids };
  },
} satisfies Pick<DataProvider, 'getMany' | 'getManyReference' | 'updateMany' | 'delete' | 'deleteMany'>;
