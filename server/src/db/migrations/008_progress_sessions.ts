import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * The playback session of a learner's progress: when the current stretch of continuous watching
 * started and how many seconds it has credited, so that what one session credits never exceeds
 * its wall-clock time times the playback rate. Existing rows start a new session on their next sync.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('lesson_progress')
    .addColumn('session_started_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('lesson_progress')
    .addColumn('session_credited', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('lesson_progress').dropColumn('session_credited').execute();
  await db.schema.alterTable('lesson_progress').dropColumn('session_started_ms').execute();
}
