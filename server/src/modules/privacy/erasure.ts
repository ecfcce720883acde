import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { isoNow, type Clock } from '../shared.js';
import type { ActorId, AuditChanges } from '../audit/repository.js';

/** What replaces a deleted person's data wherever a record about them stays. */
export const ERASED = 'Utente eliminato';

/** Audit entity types whose `entity_id` is a user's id: their records are about that person. */
export const PERSON_ENTITY_TYPES = ['user', 'expert', 'calendar_feed'] as const;

/** Fields that hold a person's data in the audit trail's records about them. */
const PERSONAL_FIELDS = new Set([
  'name',
  'surname',
  'email',
  'tax_id',
  'birthdate',
  'mobile',
  'avatar',
  'oidc_subject',
  'reporter_name',
  'reporter_email',
]);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The texts that identify the person anywhere they appear (a record about someone else, a
 * description): the e-mail, the tax id, the full name both ways round. Their first name or
 * surname alone, their birth date or mobile are replaced only in the records about them, where
 * the field says what the value is: alone they would also match other people's data.
 */
function identifyingTexts(user: UserRow): string[] {
  const texts = [user.email, user.tax_id, `${user.name} ${user.surname}`, `${user.surname} ${user.name}`];
  return [...new Set(texts.filter((t): t is string => typeof t === 'string' && t.trim().length >= 3))];
}

/** Replaces every occurrence of the texts, case folded, in every string inside `value`. */
function replaceTexts(value: unknown, pattern: RegExp | null): unknown {
  if (!pattern) return value;
  if (typeof value === 'string') return value.replace(pattern, ERASED);
  if (Array.isArray(value)) return value.map((v) => replaceTexts(v, pattern));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceTexts(v, pattern)]));
  return value;
}

function textPattern(texts: string[]): RegExp | null {
  return texts.length ? new RegExp(texts.map(escapeRegExp).join('|'), 'giu') : null;
}

/**
 * Removes or pseudonymises a person's data everywhere it outlives their account, inside the
 * transaction that then deletes the account (the rows that belong to the person cascade with it):
 * - the audit trail: in the records about them (their user, expert and calendar feed records)
 *   every personal field becomes "Utente eliminato"; in every record their e-mail, tax id and
 *   full name become "Utente eliminato". The records, their actions and ids stay. A staff
 *   member's (someone holding a role) own records about others keep who made them in
 *   `actor_name`/`actor_email`: the link to the account goes with it, and the trail must still
 *   say who did what;
 * - attendances (theirs, or imported with their e-mail and matched to nobody) keep their times
 *   and lose the raw name (it becomes "Utente eliminato" and a random tag, the same for all of the
 *   person's rows, so reports count them as one attendee as before), the e-mail and the source's
 *   key (which holds the e-mail);
 * - accessibility reports (theirs or sent with their e-mail) lose the reporter's name and e-mail,
 *   and the description its mentions of them;
 * - their pending erasure request becomes done, by `actorId`.
 */
export async function erasePersonalData(
  trx: Kysely<Database>,
  now: Clock,
  user: UserRow,
  actorId: ActorId,
): Promise<void> {
  const id = user.id;
  const at = isoNow(now);
  const texts = identifyingTexts(user);
  const pattern = textPattern(texts);
  const email = user.email.toLowerCase();

  const isStaff = Boolean(
    await trx.selectFrom('user_roles').select('user_id').where('user_id', '=', id).executeTakeFirst(),
  );
  const candidates = await trx
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'entity_type', 'entity_id', 'changes'])
    .where((eb) =>
      eb.or([
        eb.and([eb('entity_type', 'in', [...PERSON_ENTITY_TYPES]), eb('entity_id', '=', id)]),
        eb('actor_id', '=', id),
        ...texts.map((text) => {
          const like = `%${escapeLike(JSON.stringify(text.toLowerCase()).slice(1, -1))}%`;
          return eb(sql`lower(changes)`, 'like', sql`${like} escape '\\'`);
        }),
      ]),
    )
    .execute();
  for (const row of candidates) {
    const about = (PERSON_ENTITY_TYPES as readonly string[]).includes(row.entity_type) && row.entity_id === id;
    const before = JSON.parse(row.changes) as AuditChanges;
    const changes: AuditChanges = {};
    for (const [field, pair] of Object.entries(before)) {
      changes[field] =
        about && PERSONAL_FIELDS.has(field)
          ? (pair.map((v) => (v === null || v === undefined ? v : ERASED)) as [unknown, unknown])
          : (replaceTexts(pair, pattern) as [unknown, unknown]);
    }
    const snapshot = isStaff && row.actor_id === id && !about;
    const text = JSON.stringify(changes);
    if (text === row.changes && !snapshot) continue;
    await trx
      .updateTable('audit_log')
      .set({
        changes: text,
        ...(snapshot ? { actor_name: `${user.name} ${user.surname}`, actor_email: user.email } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }

  // One pseudonym per erased person: the reports still tell two erased attendees of a session apart.
  const pseudonym = `${ERASED} ${randomBytes(3).toString('hex')}`;
  await trx
    .updateTable('attendances')
    .set({ name: pseudonym, email: null, external_key: sql<string>`'erased:' || cast(id as varchar(20))` })
    .where((eb) =>
      eb.or([eb('user_id', '=', id), eb.and([eb('user_id', 'is', null), eb(sql<string>`lower(email)`, '=', email)])]),
    )
    .execute();

  const reports = await trx
    .selectFrom('accessibility_reports')
    .select(['id', 'description'])
    .where((eb) => eb.or([eb('user_id', '=', id), eb(sql<string>`lower(reporter_email)`, '=', email)]))
    .execute();
  for (const report of reports) {
    await trx
      .updateTable('accessibility_reports')
      .set({
        reporter_name: ERASED,
        reporter_email: '',
        description: replaceTexts(report.description, pattern) as string,
        updated_at: at,
      })
      .where('id', '=', report.id)
      .execute();
  }

  await trx
    .updateTable('erasure_requests')
    .set({ status: 'done', completed_at: at, completed_by: actorId })
    .where('user_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
