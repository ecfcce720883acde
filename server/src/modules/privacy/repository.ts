import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { listMeta, pageParams, filterValue, type ListParams } from '../../http/listing.js';
import type { ListMeta } from '../../http/schemas.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isoNow, type Clock } from '../shared.js';
import { defineRepository } from '../registry.js';
import { audit } from '../audit/repository.js';
import { collectPersonalData, type PersonalDataExport } from './export.js';
import type { ErasureRequestResource, OwnErasureRequest } from './schemas.js';

/** Personal data: a person's export, and the erasure requests staff carry out. */
export function createPrivacyRepository(db: Db, now: Clock) {
  const requests = () =>
    db
      .selectFrom('erasure_requests')
      .leftJoin('users as person', 'person.id', 'erasure_requests.user_id')
      .leftJoin('users as staff', 'staff.id', 'erasure_requests.completed_by')
      .select([
        'erasure_requests.id',
        'erasure_requests.status',
        'erasure_requests.requested_at',
        'erasure_requests.completed_at',
        'person.id as user_id',
        'person.name as user_name',
        'person.surname as user_surname',
        'person.email as user_email',
        'staff.id as staff_id',
        'staff.name as staff_name',
        'staff.surname as staff_surname',
      ]);
  type RequestRow = Awaited<ReturnType<ReturnType<typeof requests>['executeTakeFirstOrThrow']>>;
  const present = (r: RequestRow): ErasureRequestResource => ({
    id: r.id,
    status: r.status,
    requested_at: r.requested_at,
    completed_at: r.completed_at,
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, name: r.user_name ?? '', surname: r.user_surname ?? '', email: r.user_email ?? '' },
    completed_by:
      r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '', surname: r.staff_surname ?? '' },
  });

  async function ownRequest(userId: number): Promise<OwnErasureRequest | null> {
    const row = await db
      .selectFrom('erasure_requests')
      .select(['id', 'status', 'requested_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row ?? null;
  }

  return {
    /** Everything held about the person (privacy/export.ts); empty sections once they are gone. */
    exportOf(userId: number): Promise<PersonalDataExport> {
      return collectPersonalData(db, userId, isoNow(now));
    },

    /** The person's pending erasure request, or null. */
    ownRequest,

    /**
     * Records the person's request to be erased, audited; while one is pending, that one is
     * answered again (`created: false`) and nothing is written.
     */
    async requestErasure(userId: number): Promise<{ request: OwnErasureRequest; created: boolean }> {
      const pending = await ownRequest(userId);
      if (pending) return { request: pending, created: false };
      try {
        const request = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('erasure_requests')
            .values({ user_id: userId, status: 'pending', requested_at: isoNow(now) })
            .returning(['id', 'status', 'requested_at'])
            .executeTakeFirstOrThrow();
          await audit(trx, now, {
            actorId: userId,
            action: 'create',
            entityType: 'erasure_request',
            entityId: row.id,
            changes: { status: [null, 'pending'] },
          });
          return row;
        });
        return { request, created: true };
      } catch (error) {
        // Two requests at once: the other one made it.
        const other = isUniqueViolation(error) ? await ownRequest(userId) : null;
        if (other) return { request: other, created: false };
        throw error;
      }
    },

    /** Pending first, then newest first; `filter[status]` keeps one status. */
    async listRequests(params: ListParams): Promise<{ data: ErasureRequestResource[]; meta: ListMeta }> {
      const status = filterValue(params, 'status');
      let query = requests();
      let count = db.selectFrom('erasure_requests').select(sql<number | string>`count(*)`.as('count'));
      if (status === 'pending' || status === 'done') {
        query = query.where('erasure_requests.status', '=', status);
        count = count.where('status', '=', status);
      }
      const { page, perPage } = pageParams(params);
      const total = Number((await count.executeTakeFirst())?.count ?? 0);
      const rows = await query
        .orderBy(sql`case when erasure_requests.status = 'pending' then 0 else 1 end`)
        .orderBy('erasure_requests.requested_at', 'desc')
        .orderBy('erasure_requests.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { data: rows.map(present), meta: listMeta(total, page, perPage) };
    },

    async findRequest(id: number): Promise<ErasureRequestResource | undefined> {
      const row = await requests().where('erasure_requests.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;

declare module '../registry.js' {
  interface Repositories {
    privacy: PrivacyRepository;
  }
}
export const repository = defineRepository('privacy', createPrivacyRepository);
