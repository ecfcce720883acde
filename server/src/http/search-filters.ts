import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { validationFailed } from './errors.js';
import { filterValue, ilike, type ListParams } from './listing.js';

const MAX_ID = 2147483647;

/**
 * `filter[id]=3` or `filter[id][]=3&filter[id][]=4` (react-admin's getMany): the valid ids, or
 * undefined when the filter is absent. Junk values are dropped, so junk alone matches nothing.
 */
export function idsFilter(query: ListParams, key = 'id'): number[] | undefined {
  const raw = query.filter?.[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const values = Array.isArray(raw) ? raw : String(raw).split(',');
  return values.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID);
}

/**
 * What a person types to find someone: name, surname, "name surname" (either order), e-mail or
 * tax id, without regard to case or accents. The two concatenations also cover name and surname
 * alone.
 */
export function userSearch(term: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([
      ilike('users.email', term),
      ilike('users.tax_id', term),
      ilike('users.full_name', term),
      ilike('users.full_name_reversed', term),
    ]);
}

const TRUE_VALUES = ['true', '1'];
const FALSE_VALUES = ['false', '0'];

/**
 * `filter[developer]=true|false` on users: the incubator staff, i.e. users holding at least one
 * role (true), or everybody else (false). The coordinator picker filters its candidates this way.
 * Undefined when absent; any other value is a 422.
 */
export function staffFilter(query: ListParams) {
  const raw = filterValue(query, 'developer')?.toLowerCase();
  if (raw === undefined) return undefined;
  if (!TRUE_VALUES.includes(raw) && !FALSE_VALUES.includes(raw)) {
    throw validationFailed({ filter: ['Il filtro developer deve valere true o false.'] });
  }
  const staff = TRUE_VALUES.includes(raw);
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const holdsRole = eb.exists(
      eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id'),
    );
    return staff ? holdsRole : eb.not(holdsRole);
  };
}
