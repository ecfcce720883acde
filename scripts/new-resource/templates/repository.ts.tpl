import { sql } from 'kysely';
import type { Db } from '{{import:db}}';
import type { Database, {{Singular}}Row } from '{{import:dbSchema}}';
import { countCacheOf } from '{{import:countCache}}';
import { ilike, type ListParams } from '{{import:listing}}';
import { listPage, UnfilteredPages, type ListSpec } from '{{import:list}}';
import { isoNow, type Clock } from '{{import:clock}}';
import { audit, changesBetween, type ActorId } from '{{import:audit}}';
import { defineRepository } from '{{import:registry}}';

interface {{Singular}}Values {
  name: string;
  description: string | null;
}

/** What the audit trail records of a {{one}}. */
const AUDITED = ['name', 'description'] as const;

/** Every query on {{many}} (their table: {{Plural}}Table in db/schema.ts, migration {{number}}_{{name}}). */
function create{{Plural}}Repository(db: Db, now: Clock) {
  const byName = (term: string) => ilike('{{name}}.name', term);
  const listSpec: ListSpec<Database, '{{name}}'> = {
    filters: { search: byName, name: byName },
    ids: '{{name}}.id',
    sort: {
      allowed: { name: '{{name}}.name', created_at: '{{name}}.created_at', id: '{{name}}.id' },
      default: '-created_at',
    },
    tieBreaker: { column: '{{name}}.id' },
    counts: countCacheOf(db),
    unfiltered: new UnfilteredPages(db),
  };
  /** Kysely's builders never change: the list's base query is built once. */
  const listQuery = db.selectFrom('{{name}}').selectAll('{{name}}');

  async function findById(id: number): Promise<{{Singular}}Row | undefined> {
    return db.selectFrom('{{name}}').selectAll().where('id', '=', id).executeTakeFirst();
  }

  return {
    findById,

    /** `filter[search]` or `filter[name]` (the name contains it), `filter[id][]`, `sort`; newest first by default. */
    list(params: ListParams) {
      return listPage(listQuery, params, listSpec);
    },

    /** Another {{one}} (not `exceptId`) has this name, compared without case. */
    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      let same = db
        .selectFrom('{{name}}')
        .select('id')
        .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
      if (exceptId !== null) same = same.where('id', '<>', exceptId);
      return Boolean(await same.executeTakeFirst());
    },

    /** A new {{one}}, recorded in the audit trail in the same transaction; answers its id. */
    async create(actorId: ActorId, values: {{Singular}}Values): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const at = isoNow(now);
        const created = await trx
          .insertInto('{{name}}')
          .values({ ...values, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'create',
          entityType: '{{singular}}',
          entityId: created.id,
          changes: changesBetween(null, values, AUDITED),
        });
        return created.id;
      });
    },

    /** Replaces the name and description; a change that changes nothing is not recorded. */
    async update(actorId: ActorId, id: number, values: {{Singular}}Values): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('{{name}}').select(AUDITED).where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const changes = changesBetween(before, values, AUDITED);
        if (!Object.keys(changes).length) return;
        await trx
          .updateTable('{{name}}')
          .set({ ...values, updated_at: isoNow(now) })
          .where('id', '=', id)
          .execute();
        await audit(trx, now, { actorId, action: 'update', entityType: '{{singular}}', entityId: id, changes });
      });
    },

    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('{{name}}').select(AUDITED).where('id', '=', id).executeTakeFirst();
        if (!before) return;
        await trx.deleteFrom('{{name}}').where('id', '=', id).execute();
        await audit(trx, now, {
          actorId,
          action: 'delete',
          entityType: '{{singular}}',
          entityId: id,
          changes: changesBetween(before, null, AUDITED),
        });
      });
    },
  };
}

export type {{Plural}}Repository = ReturnType<typeof create{{Plural}}Repository>;

declare module '{{import:registry}}' {
  interface Repositories {
    {{camel}}: {{Plural}}Repository;
  }
}
export const repository = defineRepository('{{camel}}', create{{Plural}}Repository);
