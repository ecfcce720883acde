import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { listMeta, pageParams, type ListParams } from '../../http/listing.js';
import type { ListMeta } from '../../http/schemas.js';
import { defineRepository } from '../registry.js';
import { audit, changesBetween, type ActorId } from '../audit/repository.js';
import type { AccessibilityReport } from './schemas.js';

export type AccessibilityReportState = AccessibilityReport['state'];
export const ACCESSIBILITY_REPORT_STATES: readonly AccessibilityReportState[] = ['new', 'in_progress', 'resolved'];

/** Days within which a report gets an answer, as the accessibility statement promises. */
export const ANSWER_WITHIN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = Omit<AccessibilityReport, 'answer_by'>;

const COLUMNS = [
  'id',
  'user_id',
  'reporter_name',
  'reporter_email',
  'page_url',
  'description',
  'state',
  'created_at',
  'updated_at',
] as const;

function present(row: Row): AccessibilityReport {
  return { ...row, answer_by: new Date(Date.parse(row.created_at) + ANSWER_WITHIN_DAYS * DAY_MS).toISOString() };
}

/** Every query on accessibility reports; `now` is the server clock (ms since the epoch). */
export function createAccessibilityReportsRepository(db: Db, now: () => number) {
  const timestamp = () => new Date(now()).toISOString();

  return {
    /** Stores a report from a signed-in user, with their name and e-mail as they are today. */
    async create(
      userId: number,
      values: { page_url: string | null; description: string },
    ): Promise<AccessibilityReport> {
      const user = await db
        .selectFrom('users')
        .select(['name', 'surname', 'email'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const at = timestamp();
      const row = await db
        .insertInto('accessibility_reports')
        .values({
          user_id: userId,
          reporter_name: `${user.name} ${user.surname}`.trim(),
          reporter_email: user.email,
          page_url: values.page_url,
          description: values.description,
          state: 'new',
          created_at: at,
          updated_at: at,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return present(row);
    },

    /** Stores a report from a visitor who is not signed in, with the name and e-mail they gave. */
    async createFromVisitor(
      visitor: { name: string; email: string },
      values: { page_url: string | null; description: string },
    ): Promise<AccessibilityReport> {
      const at = timestamp();
      const row = await db
        .insertInto('accessibility_reports')
        .values({
          user_id: null,
          reporter_name: visitor.name,
          reporter_email: visitor.email,
          page_url: values.page_url,
          description: values.description,
          state: 'new',
          created_at: at,
          updated_at: at,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return present(row);
    },

    /** Newest first; `state` keeps one state only. */
    async list(
      params: ListParams,
      state?: AccessibilityReportState,
    ): Promise<{ data: AccessibilityReport[]; meta: ListMeta }> {
      let query = db.selectFrom('accessibility_reports');
      if (state) query = query.where('state', '=', state);
      const { page, perPage } = pageParams(params);
      const count = await query.select(sql<number | string>`count(*)`.as('count')).executeTakeFirst();
      const total = Number(count?.count ?? 0);
      const rows = await query
        .select(COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { data: rows.map(present), meta: listMeta(total, page, perPage) };
    },

    async find(id: number): Promise<AccessibilityReport | undefined> {
      const row = await db.selectFrom('accessibility_reports').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && present(row);
    },

    /**
     * Moves a report to another state, recorded in the audit trail (the state only: the reporter's
     * name and e-mail stay out of it); undefined when there is no such report.
     */
    async setState(
      actorId: ActorId,
      id: number,
      state: AccessibilityReportState,
    ): Promise<AccessibilityReport | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('accessibility_reports')
          .select('state')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) return undefined;
        const row = await trx
          .updateTable('accessibility_reports')
          .set({ state, updated_at: timestamp() })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'accessibility_report',
          entityId: id,
          changes: changesBetween(before, { state }),
        });
        return present(row);
      });
    },

    /**
     * Retention: deletes the reports last changed (filed, or moved to another state) more than
     * `days` days ago, with the reporter's name and e-mail; returns how many went.
     */
    async purgeOlderThan(days: number): Promise<number> {
      const cutoff = new Date(now() - days * DAY_MS).toISOString();
      const result = await db.deleteFrom('accessibility_reports').where('updated_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccessibilityReportsRepository = ReturnType<typeof createAccessibilityReportsRepository>;

declare module '../registry.js' {
  interface Repositories {
    accessibilityReports: AccessibilityReportsRepository;
  }
}
export const repository = defineRepository('accessibilityReports', createAccessibilityReportsRepository);
