import type { Db } from '../../db/index.js';
import { listAttendances } from './store.js';
import { defineRepository } from '../registry.js';

/** What the attendances routes read: a session's attendances and the state of its import. */
export function createAttendancesRepository(db: Db) {
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
  };
}

export type AttendancesRepository = ReturnType<typeof createAttendancesRepository>;

declare module '../registry.js' {
  interface Repositories {
    attendances: AttendancesRepository;
  }
}
export const repository = defineRepository('attendances', createAttendancesRepository);
