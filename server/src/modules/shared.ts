import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { preparedSelectOn } from '../db/prepared.js';
import type { PersonSummary } from './teams/schemas.js';

/** The server clock every repository is given: ms since the epoch (`app.now`). */
export type Clock = () => number;

/** The clock's current time as the ISO 8601 text the tables store. */
export function isoNow(now: Clock): string {
  return new Date(now()).toISOString();
}

/** Groups rows by a key, keeping order. */
export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * When a member joined their team, read from team_members joined with teams. A membership a
 * process from before join dates wrote during a rolling restart has none on SQLite (PostgreSQL
 * fills in the time of the write): it counts from the team's creation, as all memberships did then.
 */
export const memberSince = sql<string>`coalesce(team_members.joined_at, teams.created_at)`.as('joined_at');

/** The columns of a person as the API shows them next to teams and sessions. */
export const personColumns = [
  'users.id',
  'users.name',
  'users.surname',
  'users.email',
  'users.mobile',
  'users.avatar',
] as const;

const peopleByIds = preparedSelectOn((db, ids: number[]) =>
  db.selectFrom('users').select(personColumns).where('users.id', 'in', ids),
);

/** People by id, in one query. */
export async function loadPeople(db: Db, ids: number[]): Promise<Map<number, PersonSummary>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await peopleByIds(db, unique);
  return new Map(rows.map((r) => [r.id, r]));
}
