import { sql, type ExpressionOrFactory, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { filterValue, listMeta, pageParams, parseSort, type ListParams } from '../lib/listing.js';
import { idsFilter } from '../lib/search-filters.js';
import type { CountCache } from '../lib/count-cache.js';
import type { ListMeta } from '../schemas/common.js';

type Direction = 'asc' | 'desc';

/** How one resource answers its list route: filters, sort keys, tie-breaker and page size. */
export interface ListSpec<DB, TB extends keyof DB> {
  /**
   * Text filters: `filter[<key>]=term` adds the condition built from the (trimmed, non-empty)
   * term. Several given filters all apply.
   */
  filters?: Record<string, (term: string) => ExpressionOrFactory<DB, TB, SqlBool>>;
  /** Conditions the repository computed itself (undefined ones are skipped). */
  where?: Array<ExpressionOrFactory<DB, TB, SqlBool> | undefined>;
  /** `filter[id]` / `filter[id][]` (react-admin's getMany) on this column. */
  ids?: string;
  /**
   * `sort=-field,other` over the allowed public names, else `default`; `fixed` ignores the
   * `sort` parameter.
   */
  sort: { allowed: Record<string, string>; default: string } | { fixed: Array<{ column: string; direction: Direction }> };
  /** Last sort key, so pages never overlap; without a direction it follows the first key. */
  tieBreaker?: { column: string; direction?: Direction };
  /**
   * Rows per page when `per_page` is not given: a number, or 'all' (every row on one page unless
   * `page`/`per_page` asks for paging). Default 15.
   */
  perPage?: number | 'all';
  /** Counts kept until the database changes (SQLite), see countCacheOf. */
  counts?: CountCache | null;
  /** Counts the rows another way than `count(*)` over the filtered query. */
  count?: () => Promise<number>;
}

const matchNothing = sql<boolean>`1 = 0`;

/**
 * The list handler of every resource: applies the filters of `spec` to `query`, sorts, counts and
 * returns one page with its Laravel-style meta.
 */
export async function listPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  spec: ListSpec<DB, TB>,
): Promise<{ rows: O[]; meta: ListMeta }> {
  let q = query;
  for (const [key, condition] of Object.entries(spec.filters ?? {})) {
    const term = filterValue(params, key);
    if (term) q = q.where(condition(term));
  }
  for (const condition of spec.where ?? []) {
    if (condition) q = q.where(condition);
  }
  if (spec.ids) {
    const ids = idsFilter(params);
    if (ids) q = q.where(ids.length ? sql<boolean>`${sql.ref(spec.ids)} in (${sql.join(ids)})` : matchNothing);
  }
  const sort = 'fixed' in spec.sort ? [...spec.sort.fixed] : parseSort(params.sort, spec.sort.allowed, spec.sort.default);
  if (spec.tieBreaker) sort.push({ column: spec.tieBreaker.column, direction: spec.tieBreaker.direction ?? sort[0].direction });

  const paged = params.page !== undefined || params.per_page !== undefined;
  const countQuery = q.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('count'));
  const runCount = async () => {
    const countRow = await countQuery.executeTakeFirst();
    return Number((countRow as { count?: number | string } | undefined)?.count ?? 0);
  };
  const countRows = spec.count ?? (spec.counts ? () => spec.counts!.count(countQuery.compile(), runCount) : runCount);
  let ordered = q;
  for (const { column, direction } of sort) ordered = ordered.orderBy(sql.ref(column), direction);

  if (spec.perPage === 'all' && !paged) {
    const total = await countRows();
    const perPage = Math.max(total, 1);
    return { rows: await ordered.limit(perPage).offset(0).execute(), meta: listMeta(total, 1, perPage) };
  }
  const defaultPerPage = typeof spec.perPage === 'number' && params.per_page === undefined ? spec.perPage : undefined;
  const { page, perPage } = pageParams(defaultPerPage === undefined ? params : { ...params, per_page: defaultPerPage });
  const [total, rows] = await Promise.all([countRows(), ordered.limit(perPage).offset((page - 1) * perPage).execute()]);
  return { rows, meta: listMeta(total, page, perPage) };
}
