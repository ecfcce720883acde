import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { apiRequest, unwrapData } from './http';
import { toListQuery, type ListParams } from './listQuery';
import { toListResult } from './listResult';
import { recordPath, resourcePath } from './resourcePath';

type Meta = { query?: Record<string, unknown>; courseId?: Identifier; moduleId?: Identifier } | undefined;

async function getList(resource: string, params: ListParams & { meta?: Meta; signal?: AbortSignal }) {
  const body = await apiRequest('GET', resourcePath(resource, params.meta), {
    query: toListQuery({ ...params, query: params.meta?.query }),
    signal: params.signal,
  });
  return toListResult<RaRecord>(body);
}

async function getOne(resource: string, id: Identifier, meta: Meta, signal?: AbortSignal) {
  const body = await apiRequest('GET', recordPath(resource, id, meta), { query: toListQuery({ query: meta?.query }), signal });
  return unwrapData<RaRecord>(body);
}

/** The REST base: one resource ↔ one Laravel-style collection under /api. */
export const restProvider = {
  getList: (resource, params) => getList(resource, params),

  getOne: async (resource, params) => ({ data: await getOne(resource, params.id, params.meta, params.signal) }),

  getMany: async (resource, params) => ({
    data: await Promise.all(params.ids.map((id) => getOne(resource, id, params.meta, params.signal))),
  }),

  getManyReference: (resource, params) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

  create: async (resource, params) => {
    const body = await apiRequest('POST', resourcePath(resource, params.meta), { body: params.data });
    const created = unwrapData<RaRecord | null>(body);
    return { data: created && typeof created === 'object' ? created : { ...params.data, id: undefined } };
  },

  update: async (resource, params) => {
    const body = await apiRequest('PUT', recordPath(resource, params.id, params.meta), { body: params.data });
    const updated = unwrapData<RaRecord | null>(body);
    return { data: updated && typeof updated === 'object' ? updated : { ...params.previousData, ...params.data, id: params.id } };
  },

  updateMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => apiRequest('PUT', recordPath(resource, id, params.meta), { body: params.data })));
    return { data: params.ids };
  },

  delete: async (resource, params) => {
    await apiRequest('DELETE', recordPath(resource, params.id, params.meta));
    return { data: (params.previousData ?? { id: params.id }) as RaRecord };
  },

  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => apiRequest('DELETE', recordPath(resource, id, params.meta))));
    return { data: params.ids };
  },

  supportAbortSignal: true,
} as DataProvider;
