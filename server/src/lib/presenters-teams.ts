import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { TeamRow } from '../db/schema.js';
import type { PersonSummary, TeamDetail, TeamSummary } from '../schemas/team.js';

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

export const personColumns = ['users.id', 'users.name', 'users.surname', 'users.email', 'users.mobile', 'users.avatar'] as const;

/** People by id, in one query. */
export async function loadPeople(db: Db, ids: number[]): Promise<Map<number, PersonSummary>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('users').select(personColumns).where('users.id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Teams with their coordinator and member count: two queries for the whole page. */
export async function presentTeams(db: Db, rows: TeamRow[]): Promise<TeamSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [owners, counts] = await Promise.all([
    loadPeople(db, rows.map((r) => r.owner_id).filter((id): id is number => id !== null)),
    db
      .selectFrom('team_members')
      .select(['team_id', sql<number>`count(*)`.as('count')])
      .where('team_id', 'in', ids)
      .groupBy('team_id')
      .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.team_id, Number(c.count)]));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    avatar: t.avatar,
    drive_url: t.drive_url,
    owner_id: t.owner_id,
    owner: t.owner_id !== null ? (owners.get(t.owner_id) ?? null) : null,
    members_count: countOf.get(t.id) ?? 0,
    created_at: t.created_at,
  }));
}

export async function loadTeamMembers(db: Db, teamId: number): Promise<PersonSummary[]> {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(personColumns)
    .where('team_members.team_id', '=', teamId)
    .orderBy('users.surname')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export async function presentTeamDetail(db: Db, team: TeamRow): Promise<TeamDetail> {
  const [[summary], members] = await Promise.all([presentTeams(db, [team]), loadTeamMembers(db, team.id)]);
  return { ...summary, members };
}
