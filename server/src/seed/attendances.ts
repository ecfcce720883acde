import type { NewAttendance } from '../db/schema.js';
import { SeedClock } from './clock.js';
import type { SeededRandom } from './random.js';

export interface Participant {
  userId: number;
  name: string;
  email: string;
}

export interface EndedMeeting {
  sessionId: number;
  start: string;
  end: string;
  participants: Participant[];
  /** Adds the rows that exercise the fallbacks: an external guest and an unidentified participant. */
  withUnknowns: boolean;
}

type AttendanceRow = NewAttendance;

/**
 * Attendance as a meeting platform would report it: most invitees join a few minutes late and
 * leave near the end; some drop out and rejoin (two stints). Source `seed`, so an importer never
 * mistakes these rows for its own.
 */
export function attendanceRows(meeting: EndedMeeting, random: SeededRandom): AttendanceRow[] {
  const rows: AttendanceRow[] = [];
  const { sessionId, start, end } = meeting;
  const minutes = (Date.parse(end) - Date.parse(start)) / 60_000;

  for (const person of meeting.participants) {
    if (!random.chance(0.8)) continue;
    const joined = SeedClock.shift(start, random.int(-5, 8));
    const left = SeedClock.shift(end, -random.int(0, 10));
    const base = {
      session_id: sessionId,
      user_id: person.userId,
      name: person.name,
      email: person.email,
      source: 'seed',
    };
    if (minutes >= 60 && random.chance(0.15)) {
      const dropped = SeedClock.shift(start, Math.round(minutes / 3));
      const back = SeedClock.shift(dropped, random.int(2, 6));
      rows.push({ ...base, joined_at: joined, left_at: dropped, external_key: `seed:${sessionId}:${person.email}:1` });
      rows.push({ ...base, joined_at: back, left_at: left, external_key: `seed:${sessionId}:${person.email}:2` });
    } else {
      rows.push({ ...base, joined_at: joined, left_at: left, external_key: `seed:${sessionId}:${person.email}` });
    }
  }

  if (meeting.withUnknowns) {
    rows.push({
      session_id: sessionId,
      user_id: null,
      name: 'Roberta Giordano',
      email: 'roberta.giordano@studio-giordano.example',
      joined_at: SeedClock.shift(start, 2),
      left_at: SeedClock.shift(end, -20),
      source: 'seed',
      external_key: `seed:${sessionId}:guest`,
    });
    rows.push({
      session_id: sessionId,
      user_id: null,
      name: null,
      email: null,
      joined_at: SeedClock.shift(start, 11),
      left_at: null,
      source: 'seed',
      external_key: `seed:${sessionId}:anonymous`,
    });
  }
  return rows;
}
