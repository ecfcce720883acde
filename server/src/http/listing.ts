import type { ListMeta } from './schemas.js';
import { foldedContains } from '../db/search.js';
import { validationFailed } from './errors.js';
import { fieldLabel } from './field-labels.js';

export interface ListParams {
  page?: number | string;
  per_page?: number | string;
  sort?: string;
  filter?: Record<string, unknown>;
}

export const DEFAULT_PER_PAGE = 15;
/** The most rows a list answers on one page: a larger `per_page` is refused (422), not cut. */
export const MAX_PER_PAGE = 100;
/**
 * The lists the product's own pages read whole (a team's sessions, the courses, a course's modules,
 * a module's lessons, the roles) allow this many: their lengths are bounded by what staff create.
 */
export const WHOLE_LIST_PER_PAGE = 10000;
/** Far past any real list; keeps the offset (page × per page) an exact integer for both databases. */
export const MAX_PAGE = 1_000_000;

/** "Il campo elementi per pagina non può superare 100." */
export const perPageTooLargeMessage = (max: number) => `Il campo ${fieldLabel('per_page')} non può superare ${max}.`;

/**
 * `page` and `per_page` as numbers: junk or missing values give the first page and the default
 * size; a `per_page` above `maxPerPage` is a 422 (the caller learns the limit instead of getting
 * fewer rows than asked without a word).
 */
export function pageParams(query: ListParams, maxPerPage = MAX_PER_PAGE): { page: number; perPage: number } {
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(query.page) || 1)));
  const asked = Math.max(1, Math.floor(Number(query.per_page) || DEFAULT_PER_PAGE));
  if (asked > maxPerPage) throw validationFailed({ per_page: [perPageTooLargeMessage(maxPerPage)] });
  return { page, perPage: asked };
}

/**
 * Laravel-style `sort=-field,other`: columns come from an allow-list mapping the public name to a
 * column reference; unknown names fall back to the default.
 */
export function parseSort(
  sort: string | undefined,
  allowed: Record<string, string>,
  fallback: string,
): Array<{ column: string; direction: 'asc' | 'desc' }> {
  const parts = (sort || fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const result = parts
    .map((part) => {
      const direction: 'asc' | 'desc' = part.startsWith('-') ? 'desc' : 'asc';
      const name = part.replace(/^-/, '');
      // Own keys only: `sort=constructor` must not reach Object.prototype.
      const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
      return column ? { column, direction } : null;
    })
    .filter((x): x is { column: string; direction: 'asc' | 'desc' } => x !== null);
  return result.length ? result : parseSort(fallback, allowed, fallback);
}

/**
 * The trimmed text of `filter[key]`, undefined when absent or blank. A filter of one value given
 * as a list or an object (`filter[state][]=x`, `filter[state][a]=x`) is a 422 rather than ignored:
 * ignored, it would answer the whole list as if it had been applied.
 */
export function filterValue(query: ListParams, key: string): string | undefined {
  const value = query.filter?.[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed({ filter: [`Il filtro ${key} accetta un solo valore.`] });
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Case- and accent-insensitive contains, the same on SQLite and PostgreSQL ("universita" finds
 * "Università"), answered from a search index for the columns in SEARCH_COLUMNS (db/search.ts).
 */
export function ilike(column: string, term: string) {
  return foldedContains(column, term);
}

export function listMeta(total: number, page: number, perPage: number): ListMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  const to = total === 0 ? null : Math.min(total, page * perPage);
  return {
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    from: from && from <= total ? from : null,
    to: from && from <= total ? to : null,
    total,
  };
}
