import type { Db } from '../../db/index.js';
import { listAttendances } from './store.js';
import { defineRepository } from '../registry.js';
import type { Clock } from '../shared.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the attendances routes read (a session's attendances and the state of its import), and the
 * retention of the raw identities the imports stored.
 */
export function createAttendancesRepository(db: Db, now: Clock) {
  return {
    /** The session's attendances for display (see attendances/store). */
    listForSession: (sessionId: number) => listAttendances(db, sessionId),

    /** Where the automatic import of the session stands; undefined before the first attempt. */
    async importState(sessionId: number) {
      return db
        .selectFrom('attendance_imports')
        .select(['status', 'attempts', 'last_error', 'next_attempt_at', 'updated_at'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
    },

    /**
     * Retention: removes the raw name and e-mail the import stored from the attendances of the
     * sessions that started more than `days` days ago. The rows stay, with their times (the
     * minutes in the reports) and their user when one was matched; an unmatched row is left with
     * no identity. Returns how many rows lost theirs.
     */
    async stripIdentitiesOlderThan(days: number): Promise<number> {
      const cutoff = new Date(now() - days * DAY_MS).toISOString();
      const result = await db
        .updateTable('attendances')
        .set({ name: null, email: null })
        .where((eb) => eb.or([eb('name', 'is not', null), eb('email', 'is not', null)]))
        .where('session_id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('start_time', '<', cutoff))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type AttendancesRepository = ReturnType<typeof createAttendancesRepository>;

declare module '../registry.js' {
  interface Repositories {
    attendances: AttendancesRepository;
  }
}
export const repository = defineRepository('attendances', createAttendancesRepository);
