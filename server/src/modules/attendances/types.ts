/** One stint of one participant in a meeting, as a source reports it (times are ISO UTC). */
export interface ParticipantStint {
  name: string | null;
  email: string | null;
  joinedAt: string | null;
  leftAt: string | null;
  /** Stable identity of the stint within its source: re-imports upsert on it. */
  externalKey: string;
}

export type AttendanceSource = 'google' | 'csv';
