import { isPostgresDb, type Db } from '../../db/index.js';
import { isWriteConflict } from '../../db/errors.js';
import type { MoveDirection } from './schemas.js';
import { audit, type ActorId } from '../audit/repository.js';
import type { Clock } from '../shared.js';

/**
 * An order of one position per place: the modules of a course, the lessons of a module. `parent`
 * is the row that owns the order (its table and the column that points at it).
 */
export interface Order {
  table: 'modules' | 'lessons';
  parentTable: 'courses' | 'modules';
  parentColumn: 'course_id' | 'module_id';
  entityType: 'module' | 'lesson';
}

export const MODULE_ORDER: Order = {
  table: 'modules',
  parentTable: 'courses',
  parentColumn: 'course_id',
  entityType: 'module',
};
export const LESSON_ORDER: Order = {
  table: 'lessons',
  parentTable: 'modules',
  parentColumn: 'module_id',
  entityType: 'lesson',
};

/**
 * `swapped`: the ids of the moved row and of the neighbour it swapped with; `edge`: nothing before
 * (after) it; `missing`: the row or its parent is gone; `conflict`: another write changed the order
 * at the same moment, nothing was changed.
 */
export type SwapOutcome =
  { status: 'swapped'; ids: [number, number] } | { status: 'edge' } | { status: 'missing' } | { status: 'conflict' };

class OrderChanged extends Error {}

/**
 * Within a write transaction, waits for (then holds until it ends) the right to change the order
 * of `parentId`'s rows: on PostgreSQL a lock on the parent row (SELECT … FOR NO KEY UPDATE), so that a
 * move, a save and a creation in one order run one after another, each seeing what the one before
 * wrote; SQLite's write transactions already run one at a time. False when the parent is gone.
 */
export async function lockOrder(trx: Db, order: Order, parentId: number): Promise<boolean> {
  const parentTable = order.parentTable as 'courses';
  let parent = trx.selectFrom(parentTable).select('id').where('id', '=', parentId);
  // NO KEY: rows that merely point at the parent (a lesson's progress, a new lesson) are not held up.
  if (isPostgresDb(trx)) parent = parent.forNoKeyUpdate();
  return (await parent.executeTakeFirst()) !== undefined;
}

/**
 * Swaps the row's position with its nearest neighbour in `direction` (the next lower or higher
 * position: positions may have gaps), in one transaction, both changes audited.
 *
 * The unique index on (parent, position) cannot be deferred on SQLite, so the row is first parked
 * at minus its id, a place no real row holds (positions are 1 or more). On PostgreSQL the parent row
 * is locked first (lockOrder), so that moves in the same order run one after another and
 * always take their locks in the same order (parent, then rows): two cannot deadlock, nor both read
 * the same neighbours (saves and creations in the order take the same lock: lockOrder). SQLite
 * needs no lock: its transactions take the write lock as they begin. Should a row still have
 * changed in the meantime, the guarded updates miss, or meet the unique index: the whole swap is
 * undone and answered `conflict`.
 */
export async function swapWithNeighbour(
  db: Db,
  now: Clock,
  actorId: ActorId,
  order: Order,
  parentId: number,
  id: number,
  direction: MoveDirection,
): Promise<SwapOutcome> {
  // Both tables have id, name, position and their parent column; Kysely is told it is one of them.
  const table = order.table as 'modules';
  const parentColumn = order.parentColumn as 'course_id';
  try {
    return await db.transaction().execute(async (trx): Promise<SwapOutcome> => {
      if (!(await lockOrder(trx, order, parentId))) return { status: 'missing' };
      const row = await trx
        .selectFrom(table)
        .select(['id', 'position'])
        .where('id', '=', id)
        .where(parentColumn, '=', parentId)
        .executeTakeFirst();
      if (!row) return { status: 'missing' };
      const earlier = direction === 'earlier';
      const other = await trx
        .selectFrom(table)
        .select(['id', 'position'])
        .where(parentColumn, '=', parentId)
        .where('position', earlier ? '<' : '>', row.position)
        .orderBy('position', earlier ? 'desc' : 'asc')
        .limit(1)
        .executeTakeFirst();
      if (!other) return { status: 'edge' };

      const moveTo = async (rowId: number, from: number, to: number) => {
        const result = await trx
          .updateTable(table)
          .set({ position: to })
          .where('id', '=', rowId)
          .where('position', '=', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new OrderChanged();
      };
      await moveTo(row.id, row.position, -row.id);
      await moveTo(other.id, other.position, row.position);
      await moveTo(row.id, -row.id, other.position);
      for (const [entityId, before, after] of [
        [row.id, row.position, other.position],
        [other.id, other.position, row.position],
      ]) {
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: order.entityType,
          entityId,
          changes: { position: [before, after] },
        });
      }
      return { status: 'swapped', ids: [row.id, other.id] };
    });
  } catch (error) {
    if (error instanceof OrderChanged || isWriteConflict(error)) return { status: 'conflict' };
    throw error;
  }
}
