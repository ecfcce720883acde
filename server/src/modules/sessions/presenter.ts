import type { AttendanceRecord, SessionWithRelations } from './repository.js';
import type { AttendanceItem, SessionResource } from './schemas.js';

/** ISO 8601 → UTC in SQL format `YYYY-MM-DD HH:MM:SS` (the format the API gives attendance times in). */
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

/** An attendance as the API shows it: the matched user's name and e-mail, else what the meeting reported. */
export function presentAttendance(r: AttendanceRecord): AttendanceItem {
  return {
    id: r.id,
    user_id: r.user_id,
    name: r.user_name !== null ? `${r.user_name} ${r.user_surname ?? ''}`.trim() : r.raw_name,
    email: r.user_email ?? r.raw_email,
    joined_at: toSqlUtc(r.joined_at),
    left_at: toSqlUtc(r.left_at),
  };
}

/** A session with its teams and experts (and attendances when they were loaded). */
export function presentSession(s: SessionWithRelations): SessionResource {
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
    team_id: s.teams[0]?.id ?? null,
    teams: s.teams,
    experts: s.experts,
  };
  if (s.attendances) resource.attendances = s.attendances.map(presentAttendance);
  return resource;
}
