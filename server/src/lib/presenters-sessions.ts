import type { Db } from '../db/index.js';
import type { SessionRow } from '../db/schema.js';
import type { AttendanceItem, SessionResource } from '../schemas/session.js';
import { groupBy, personColumns } from './presenters-teams.js';

/** ISO 8601 → UTC in SQL format `YYYY-MM-DD HH:MM:SS` (how SPEC §3 gives attendance times). */
export function toSqlUtc(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const MEET_URL = /https:\/\/meet\.google\.com\/[a-z0-9][a-z0-9-]*[a-z0-9](?:\?[^\s<>"')\]]*)?/i;

/** The Google Meet link written in the join instructions, if any ("Unisciti al Meet"). */
export function extractMeetUrl(instructions: string): string | null {
  return MEET_URL.exec(instructions)?.[0] ?? null;
}

export async function loadAttendances(db: Db, sessionIds: number[]): Promise<Map<number, AttendanceItem[]>> {
  if (!sessionIds.length) return new Map();
  const rows = await db
    .selectFrom('attendances')
    .leftJoin('users', 'users.id', 'attendances.user_id')
    .select([
      'attendances.id',
      'attendances.session_id',
      'attendances.user_id',
      'attendances.name as raw_name',
      'attendances.email as raw_email',
      'attendances.joined_at',
      'attendances.left_at',
      'users.name as user_name',
      'users.surname as user_surname',
      'users.email as user_email',
    ])
    .where('attendances.session_id', 'in', sessionIds)
    .orderBy('attendances.joined_at')
    .orderBy('attendances.id')
    .execute();
  const grouped = groupBy(rows, (r) => r.session_id);
  const result = new Map<number, AttendanceItem[]>();
  for (const [sessionId, list] of grouped) {
    result.set(
      sessionId,
      list.map((r) => ({
        id: r.id,
        user_id: r.user_id,
        name: r.user_name !== null ? `${r.user_name} ${r.user_surname ?? ''}`.trim() : r.raw_name,
        email: r.user_email ?? r.raw_email,
        joined_at: toSqlUtc(r.joined_at),
        left_at: toSqlUtc(r.left_at),
      })),
    );
  }
  return result;
}

/** Sessions with teams and experts (and attendances when asked): one query per relation for the page. */
export async function presentSessions(
  db: Db,
  rows: SessionRow[],
  options: { attendances?: boolean } = {},
): Promise<SessionResource[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [teams, experts, attendances] = await Promise.all([
    db
      .selectFrom('session_teams')
      .innerJoin('teams', 'teams.id', 'session_teams.team_id')
      .select(['session_teams.session_id', 'teams.id', 'teams.name', 'teams.avatar'])
      .where('session_teams.session_id', 'in', ids)
      .orderBy('teams.name')
      .orderBy('teams.id')
      .execute(),
    db
      .selectFrom('session_experts')
      .innerJoin('users', 'users.id', 'session_experts.user_id')
      .select(['session_experts.session_id', ...personColumns])
      .where('session_experts.session_id', 'in', ids)
      .orderBy('users.surname')
      .orderBy('users.name')
      .orderBy('users.id')
      .execute(),
    options.attendances ? loadAttendances(db, ids) : Promise.resolve(null),
  ]);
  const teamsOf = groupBy(teams, (t) => t.session_id);
  const expertsOf = groupBy(experts, (e) => e.session_id);
  return rows.map((s) => {
    const sessionTeams = (teamsOf.get(s.id) ?? []).map(({ id, name, avatar }) => ({ id, name, avatar }));
    const resource: SessionResource = {
      id: s.id,
      name: s.name,
      type: s.type,
      description: s.description,
      start_time: s.start_time,
      end_time: s.end_time,
      join_instructions: s.join_instructions,
      join_url: s.join_url,
      created_at: s.created_at,
      team_id: sessionTeams[0]?.id ?? null,
      teams: sessionTeams,
      experts: (expertsOf.get(s.id) ?? []).map(({ id, name, surname, email, mobile, avatar }) => ({
        id,
        name,
        surname,
        email,
        mobile,
        avatar,
      })),
    };
    if (attendances) resource.attendances = attendances.get(s.id) ?? [];
    return resource;
  });
}
