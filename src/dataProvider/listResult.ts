import type { ListMeta } from '../../server/src/contract';

export interface ListResult<T> {
  data: T[];
  total: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean };
  meta?: ListMeta;
}

function isListMeta(meta: unknown): meta is ListMeta {
  return !!meta && typeof meta === 'object' && typeof (meta as ListMeta).total === 'number';
}

/** `{data, meta}` (paginated) or `{data}` (whole list) → react-admin's `{data, total, pageInfo}`. */
export function toListResult<T>(body: unknown): ListResult<T> {
  const record = (body && typeof body === 'object' ? body : {}) as { data?: unknown; meta?: unknown };
  const data = Array.isArray(record.data) ? (record.data as T[]) : [];
  if (isListMeta(record.meta)) {
    const meta = record.meta;
    return {
      data,
      total: meta.total,
      pageInfo: {
        hasNextPage: meta.current_page < meta.last_page,
        hasPreviousPage: meta.current_page > 1,
      },
      meta,
    };
  }
  return { data, total: data.length, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
}
