import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * The dashboard's attendance by month reads who attended each session of six months: tens of
 * thousands of (session, person) pairs on a large programme. The unique key starts with the session
 * but holds no person, so each pair was a lookup in the table itself; this index answers the
 * whole read on its own.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('attendances_session_user_idx')
    .on('attendances')
    .columns(['session_id', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('attendances_session_user_idx').execute();
}
