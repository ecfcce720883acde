import {
  sql,
  type CompiledQuery,
  type Compilable,
  type ExpressionOrFactory,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { filterValue, listMeta, pageParams, parseSort, type ListParams } from '../http/listing.js';
import { idsFilter } from '../http/search-filters.js';
import type { CountCache } from '../infra/count-cache.js';
import type { ListMeta } from '../http/schemas.js';
import type { Db } from '../db/index.js';
import { preparedSelect } from '../db/prepared.js';

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
  sort:
    { allowed: Record<string, string>; default: string } | { fixed: Array<{ column: string; direction: Direction }> };
  /** Last sort key, so pages never overlap; without a direction it follows the first key. */
  tieBreaker?: { column: string; direction?: Direction };
  /**
   * Rows per page when `per_page` is not given: a number, or 'all' (every row on one page unless
   * `page`/`per_page` asks for paging). Default 15.
   */
  perPage?: number | 'all';
  /** The largest `per_page` allowed (MAX_PER_PAGE unless a product page reads the list whole). */
  maxPerPage?: number;
  /** Counts kept until the database changes (SQLite), see countCacheOf. */
  counts?: CountCache | null;
  /** Counts the rows another way than `count(*)` over the filtered query. */
  count?: () => Promise<number>;
  /** The total of the list without any condition, read another way than `count(*)` (see rowCount). */
  unfilteredCount?: () => Promise<number>;
  /** Runs pages without any condition as statements compiled once per sort (see UnfilteredPages). */
  unfiltered?: UnfilteredPages;
}

/**
 * A resource's pages without filters (the back-office's first screen of every list, and most of
 * its paging): the page query compiled once per sort and the count query once, instead of
 * building and compiling both on every request. One per repository list.
 */
export class UnfilteredPages {
  #pages = new Map<string, (limit: number, offset: number) => Promise<unknown[]>>();
  #counter: Counter | undefined;

  constructor(private readonly db: Db) {}

  page<O>(query: SelectQueryBuilder<unknown, never, O>, sort: SortKeys, limit: number, offset: number): Promise<O[]> {
    const sortKey = sortKeyOf(sort);
    let run = this.#pages.get(sortKey);
    if (!run) {
      run = preparedSelect(this.db, (l: number, o: number) => orderedBy(query, sort).limit(l).offset(o));
      this.#pages.set(sortKey, run);
    }
    return run(limit, offset) as Promise<O[]>;
  }

  counter(query: SelectQueryBuilder<unknown, never, unknown>): Counter {
    if (!this.#counter) {
      const key = countOf(query).compile();
      const run = preparedSelect(this.db, () => countOf(query));
      this.#counter = { key: () => key, run: async () => Number((await run())[0]?.count ?? 0) };
    }
    return this.#counter;
  }
}

type SortKeys = Array<{ column: string; direction: Direction }>;

function sortKeyOf(sort: SortKeys): string {
  let key = '';
  for (const { column, direction } of sort) key += `${column} ${direction},`;
  return key;
}

/**
 * The query with its sort keys. (The list helpers are functions of their arguments rather than
 * closures made per request: the server runs through tsx, whose esbuild keeps function names by
 * defining `name` on every closure it creates.)
 */
function orderedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortKeys,
): SelectQueryBuilder<DB, TB, O> {
  let o = query;
  for (const { column, direction } of sort) o = o.orderBy(sql.ref(column), direction);
  return o;
}

/** `count(*)` over the query's rows. (Over a generic table set Kysely cannot narrow the selection to `{ count }`: hence the cast.) */
function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): CountQuery {
  return query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('count')) as unknown as CountQuery;
}

type CountQuery = Compilable<{ count: number | string }> & {
  executeTakeFirst(): Promise<{ count: number | string } | undefined>;
};

/** A list's `count(*)`: how to run it, and the compiled query the count cache keys it by. */
interface Counter {
  key: () => CompiledQuery;
  run: () => Promise<number>;
}

function counterOf(query: CountQuery): Counter {
  return { key: () => query.compile(), run: async () => Number((await query.executeTakeFirst())?.count ?? 0) };
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
  let conditions = 0;
  for (const [key, condition] of Object.entries(spec.filters ?? {})) {
    const term = filterValue(params, key);
    if (term) {
      q = q.where(condition(term));
      conditions++;
    }
  }
  for (const condition of spec.where ?? []) {
    if (condition) {
      q = q.where(condition);
      conditions++;
    }
  }
  if (spec.ids) {
    const ids = idsFilter(params);
    if (ids) {
      q = q.where(ids.length ? sql<boolean>`${sql.ref(spec.ids)} in (${sql.join(ids)})` : matchNothing);
      conditions++;
    }
  }
  const sort =
    'fixed' in spec.sort ? [...spec.sort.fixed] : parseSort(params.sort, spec.sort.allowed, spec.sort.default);
  if (spec.tieBreaker)
    sort.push({ column: spec.tieBreaker.column, direction: spec.tieBreaker.direction ?? sort[0].direction });
  const prepared = conditions === 0 ? spec.unfiltered : undefined;
  const paged = params.page !== undefined || params.per_page !== undefined;

  if (spec.perPage === 'all' && !paged) {
    const total = await countRows(q, spec, prepared, conditions);
    const perPage = Math.max(total, 1);
    return { rows: await pageOf(q, sort, prepared, perPage, 0), meta: listMeta(total, 1, perPage) };
  }
  const defaultPerPage = typeof spec.perPage === 'number' && params.per_page === undefined ? spec.perPage : undefined;
  const { page: pageNumber, perPage } = pageParams(
    defaultPerPage === undefined ? params : { ...params, per_page: defaultPerPage },
    spec.maxPerPage,
  );
  const [total, rows] = await Promise.all([
    countRows(q, spec, prepared, conditions),
    pageOf(q, sort, prepared, perPage, (pageNumber - 1) * perPage),
  ]);
  return { rows, meta: listMeta(total, pageNumber, perPage) };
}

/** The list's total: the spec's own count, else `count(*)` over the filtered query (cached when the spec says so). */
function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec<DB, TB>,
  prepared: UnfilteredPages | undefined,
  conditions: number,
): Promise<number> {
  if (spec.count) return spec.count();
  if (conditions === 0 && spec.unfilteredCount) return spec.unfilteredCount();
  const counter = prepared
    ? prepared.counter(query as unknown as SelectQueryBuilder<unknown, never, unknown>)
    : counterOf(countOf(query));
  return spec.counts ? spec.counts.count(counter.key(), counter.run) : counter.run();
}

/** One page of the sorted query (compiled once per sort when unfiltered). */
function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortKeys,
  prepared: UnfilteredPages | undefined,
  limit: number,
  offset: number,
): Promise<O[]> {
  if (!prepared) return orderedBy(query, sort).limit(limit).offset(offset).execute();
  return prepared.page(query as unknown as SelectQueryBuilder<unknown, never, O>, sort, limit, offset);
}
