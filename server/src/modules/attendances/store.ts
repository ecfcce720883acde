import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { audit } from '../audit/repository.js';
import type { AttendanceSource, ParticipantStint } from './types.js';

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Users by lower-cased e-mail, for the e-mails given (case-insensitive match). */
async function usersByEmail(db: Db | Transaction<Database>, emails: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const found = new Map<string, number>();
  for (const part of chunks(wanted)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', sql<string>`lower(email)`.as('email_lc')])
      .where(sql<string>`lower(email)`, 'in', part)
      .execute();
    for (const row of rows) found.set(row.email_lc, row.id);
  }
  return found;
}

/** The last stint wins when a source reports the same key twice (one statement cannot upsert a row twice). */
function uniqueByKey(stints: ParticipantStint[]): ParticipantStint[] {
  return [...new Map(stints.map((s) => [s.externalKey, s])).values()];
}

export interface SaveResult {
  saved: number;
  matched: number;
  removed: number;
}

/**
 * Upserts the stints of one source for one session, in one transaction, matching participants to
 * users by e-mail. `replace` also deletes that source's rows the new list no longer has (a CSV is
 * a complete report, so a corrected file leaves no stale rows).
 */
export async function saveStints(
  db: Db,
  sessionId: number,
  source: AttendanceSource,
  stints: ParticipantStint[],
  {
    replace = false,
    clearOtherSources = false,
    now = () => Date.now(),
  }: { replace?: boolean; clearOtherSources?: boolean; /** Clock of the audit record. */ now?: () => number } = {},
): Promise<SaveResult> {
  const unique = uniqueByKey(stints);
  return db.transaction().execute(async (trx) => {
    const countRows = async () =>
      Number(
        (
          await trx
            .selectFrom('attendances')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('session_id', '=', sessionId)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const before = await countRows();
    const users = await usersByEmail(
      trx,
      unique.flatMap((s) => (s.email ? [s.email] : [])),
    );
    let matched = 0;
    const rows = unique.map((s) => {
      const userId = s.email ? (users.get(s.email.toLowerCase()) ?? null) : null;
      if (userId !== null) matched++;
      return {
        session_id: sessionId,
        user_id: userId,
        name: s.name,
        email: s.email,
        joined_at: s.joinedAt,
        left_at: s.leftAt,
        source,
        external_key: s.externalKey,
      };
    });
    let removed = 0;
    if (clearOtherSources) {
      const result = await trx
        .deleteFrom('attendances')
        .where('session_id', '=', sessionId)
        .where('source', '!=', source)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    if (replace) {
      const existing = await trx
        .selectFrom('attendances')
        .select(['id', 'external_key'])
        .where('session_id', '=', sessionId)
        .where('source', '=', source)
        .execute();
      const keep = new Set(rows.map((r) => r.external_key));
      const stale = existing.filter((r) => !keep.has(r.external_key)).map((r) => r.id);
      for (const part of chunks(stale)) {
        await trx.deleteFrom('attendances').where('id', 'in', part).execute();
      }
      removed += stale.length;
    }
    for (const part of chunks(rows)) {
      await trx
        .insertInto('attendances')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['session_id', 'source', 'external_key']).doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            name: eb.ref('excluded.name'),
            email: eb.ref('excluded.email'),
            joined_at: eb.ref('excluded.joined_at'),
            left_at: eb.ref('excluded.left_at'),
          })),
        )
        .execute();
    }
    // One audit record per import (never one per attendance), in the same transaction; imports run
    // as a scheduled job or from the command line, so nobody signed in is their author.
    await audit(trx, now, {
      actorId: null,
      action: 'import',
      entityType: 'session',
      entityId: sessionId,
      changes: { source: [null, source], attendances: [before, await countRows()] },
    });
    return { saved: rows.length, matched, removed };
  });
}

/** How many rows each source holds for a session. */
export async function countBySource(db: Db, sessionId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('attendances')
    .select(['source', sql<number>`count(*)`.as('n')])
    .where('session_id', '=', sessionId)
    .groupBy('source')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.source, Number(r.n)]));
}

/** A session's attendances for display: the matched user's name and e-mail win over the stored ones. */
export async function listAttendances(db: Db, sessionId: number) {
  const rows = await db
    .selectFrom('attendances')
    .leftJoin('users', 'users.id', 'attendances.user_id')
    .select([
      'attendances.id',
      'attendances.user_id',
      'attendances.name as stored_name',
      'attendances.email as stored_email',
      'attendances.joined_at',
      'attendances.left_at',
      'attendances.source',
      'users.name as user_name',
      'users.surname as user_surname',
      'users.email as user_email',
    ])
    .where('attendances.session_id', '=', sessionId)
    // Missing times last, the same on both databases (their default null ordering differs).
    .orderBy(sql`case when attendances.joined_at is null then 1 else 0 end`)
    .orderBy('attendances.joined_at')
    .orderBy('attendances.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    name: r.user_name !== null ? `${r.user_name} ${r.user_surname ?? ''}`.trim() : r.stored_name || null,
    email: r.user_email ?? (r.stored_email || null),
    joined_at: r.joined_at,
    left_at: r.left_at,
    source: r.source,
  }));
}

export type AttendanceView = Awaited<ReturnType<typeof listAttendances>>[number];
