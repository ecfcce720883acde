import type { Db } from '../../db/index.js';
import type { LessonRow } from '../../db/schema.js';
import { ilike, WHOLE_LIST_PER_PAGE, type ListParams } from '../../http/listing.js';
import { listPage } from '../list.js';
import { isoNow, type Clock } from '../shared.js';
import { audit, changesBetween, type ActorId } from '../audit/repository.js';
import { defineRepository } from '../registry.js';
import { LESSON_ORDER, lockOrder, swapWithNeighbour, type SwapOutcome } from '../positions/swap.js';
import type { MoveDirection } from '../positions/schemas.js';

/** A lesson with the given user's progress. */
function lessonQuery(db: Db, userId: number) {
  return db
    .selectFrom('lessons')
    .leftJoin('lesson_progress', (join) =>
      join.onRef('lesson_progress.lesson_id', '=', 'lessons.id').on('lesson_progress.user_id', '=', userId),
    )
    .select([
      'lessons.id',
      'lessons.module_id',
      'lessons.position',
      'lessons.name',
      'lessons.video_url',
      'lessons.description',
      'lessons.video_length',
      'lesson_progress.completed',
      'lesson_progress.position as progress',
      'lesson_progress.covered_seconds',
    ]);
}

/** A lesson row with the user's progress columns (null before the first sync). */
export type LessonWithProgress = Awaited<ReturnType<ReturnType<typeof lessonQuery>['executeTakeFirstOrThrow']>>;

export interface LessonValues {
  position: number;
  name: string;
  video_url: string;
  description: string | null;
  /** Seconds: read from the file for /storage/ videos, set by staff for the others. */
  video_length: number;
}

/** Every query on the lessons of a module (progress sync: see the progress repository). */
export function createLessonsRepository(db: Db, now: Clock) {
  return {
    /** The lesson, only when it belongs to the module. */
    async findInModule(moduleId: number, lessonId: number): Promise<LessonRow | undefined> {
      return db
        .selectFrom('lessons')
        .selectAll()
        .where('id', '=', lessonId)
        .where('module_id', '=', moduleId)
        .executeTakeFirst();
    },

    /** Another lesson of the module already at `position` (the module's order has one lesson per place). */
    async atPosition(
      moduleId: number,
      position: number,
      exceptId?: number,
    ): Promise<{ id: number; name: string } | undefined> {
      let query = db
        .selectFrom('lessons')
        .select(['id', 'name'])
        .where('module_id', '=', moduleId)
        .where('position', '=', position);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.orderBy('id').executeTakeFirst();
    },

    /** The lesson with the user's progress; undefined when it does not exist. */
    async findForUser(id: number, userId: number): Promise<LessonWithProgress | undefined> {
      return lessonQuery(db, userId).where('lessons.id', '=', id).executeTakeFirst();
    },

    /** The module's lessons by position, all on one page unless `per_page` says otherwise. */
    async list(moduleId: number, params: ListParams, userId: number) {
      return listPage(lessonQuery(db, userId).where('lessons.module_id', '=', moduleId), params, {
        filters: { name: (term) => ilike('lessons.name', term) },
        ids: 'lessons.id',
        sort: {
          allowed: { position: 'lessons.position', name: 'lessons.name', id: 'lessons.id' },
          default: 'position',
        },
        tieBreaker: { column: 'lessons.id', direction: 'asc' },
        perPage: WHOLE_LIST_PER_PAGE,
        maxPerPage: WHOLE_LIST_PER_PAGE,
      });
    },

    async create(actorId: ActorId, moduleId: number, values: LessonValues): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await lockOrder(trx, LESSON_ORDER, moduleId);
        const row = await trx
          .insertInto('lessons')
          .values({ module_id: moduleId, ...values, created_at: isoNow(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'create',
          entityType: 'lesson',
          entityId: row.id,
          changes: changesBetween(null, { module_id: moduleId, ...values }),
        });
        return row.id;
      });
    },

    /** Stores the fields, the video's trusted length among them. */
    async update(actorId: ActorId, lesson: Pick<LessonRow, 'id' | 'video_url'>, values: LessonValues): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('lessons').selectAll().where('id', '=', lesson.id).executeTakeFirst();
        if (before) await lockOrder(trx, LESSON_ORDER, before.module_id);
        await trx.updateTable('lessons').set(values).where('id', '=', lesson.id).execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'lesson',
          entityId: lesson.id,
          changes: changesBetween(before, { ...before, ...values }, Object.keys(values)),
        });
      });
    },

    /** Swaps the lesson's place with the nearest lesson before or after it in the module. */
    async move(actorId: ActorId, moduleId: number, id: number, direction: MoveDirection): Promise<SwapOutcome> {
      return swapWithNeighbour(db, now, actorId, LESSON_ORDER, moduleId, id, direction);
    },

    /** Deletes the lesson and its progress (foreign keys cascade). */
    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) return;
        await trx.deleteFrom('lessons').where('id', '=', id).execute();
        await audit(trx, now, {
          actorId,
          action: 'delete',
          entityType: 'lesson',
          entityId: id,
          changes: changesBetween(before, null, ['module_id', 'position', 'name', 'video_url', 'description']),
        });
      });
    },
  };
}

export type LessonsRepository = ReturnType<typeof createLessonsRepository>;

declare module '../registry.js' {
  interface Repositories {
    lessons: LessonsRepository;
  }
}
export const repository = defineRepository('lessons', createLessonsRepository);
