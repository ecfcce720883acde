import type { Db } from '../../db/index.js';
import type { ModuleRow } from '../../db/schema.js';
import { ilike, WHOLE_LIST_PER_PAGE, type ListParams } from '../../http/listing.js';
import { listPage } from '../list.js';
import { isoNow, type Clock } from '../shared.js';
import { audit, changesBetween, type ActorId } from '../audit/repository.js';
import { defineRepository } from '../registry.js';
import { deleteImages, insertImage, type StoredImage } from '../uploads/repository.js';
import { lockOrder, MODULE_ORDER, swapWithNeighbour, type SwapOutcome } from '../positions/swap.js';
import type { MoveDirection } from '../positions/schemas.js';

/** A module with the given user's lesson counts. */
function moduleQuery(db: Db, userId: number) {
  return db.selectFrom('modules').select((eb) => [
    'modules.id',
    'modules.course_id',
    'modules.name',
    'modules.description',
    'modules.position',
    'modules.cover_url',
    eb
      .selectFrom('lessons')
      .whereRef('lessons.module_id', '=', 'modules.id')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .as('total_lessons'),
    eb
      .selectFrom('lesson_progress')
      .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
      .whereRef('lessons.module_id', '=', 'modules.id')
      .where('lesson_progress.user_id', '=', userId)
      .where('lesson_progress.completed', '=', 1)
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .as('completed_lessons'),
  ]);
}

/** A module row with the user's completed and total lesson counts. */
export type ModuleWithProgress = Awaited<ReturnType<ReturnType<typeof moduleQuery>['executeTakeFirstOrThrow']>>;

export interface ModuleValues {
  position: number;
  name: string;
  description: string | null;
}

/** Every query on the modules of a course. */
export function createModulesRepository(db: Db, now: Clock) {
  return {
    /** The module, only when it belongs to the course. */
    async findInCourse(courseId: number, moduleId: number): Promise<ModuleRow | undefined> {
      return db
        .selectFrom('modules')
        .selectAll()
        .where('id', '=', moduleId)
        .where('course_id', '=', courseId)
        .executeTakeFirst();
    },

    /** Another module of the course already at `position` (the course's order has one module per place). */
    async atPosition(
      courseId: number,
      position: number,
      exceptId?: number,
    ): Promise<{ id: number; name: string } | undefined> {
      let query = db
        .selectFrom('modules')
        .select(['id', 'name'])
        .where('course_id', '=', courseId)
        .where('position', '=', position);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.orderBy('id').executeTakeFirst();
    },

    /** The module with the user's progress; undefined when it does not exist. */
    async findForUser(id: number, userId: number): Promise<ModuleWithProgress | undefined> {
      return moduleQuery(db, userId).where('modules.id', '=', id).executeTakeFirst();
    },

    /** The course's modules by position, all on one page unless `per_page` says otherwise. */
    async list(courseId: number, params: ListParams, userId: number) {
      return listPage(moduleQuery(db, userId).where('modules.course_id', '=', courseId), params, {
        filters: { name: (term) => ilike('modules.name', term) },
        ids: 'modules.id',
        sort: {
          allowed: { position: 'modules.position', name: 'modules.name', id: 'modules.id' },
          default: 'position',
        },
        tieBreaker: { column: 'modules.id', direction: 'asc' },
        perPage: WHOLE_LIST_PER_PAGE,
        maxPerPage: WHOLE_LIST_PER_PAGE,
      });
    },

    async create(actorId: ActorId, courseId: number, values: ModuleValues): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await lockOrder(trx, MODULE_ORDER, courseId);
        const row = await trx
          .insertInto('modules')
          .values({ course_id: courseId, ...values, created_at: isoNow(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'create',
          entityType: 'module',
          entityId: row.id,
          changes: changesBetween(null, { course_id: courseId, ...values }),
        });
        return row.id;
      });
    },

    async update(actorId: ActorId, id: number, values: ModuleValues): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('modules').selectAll().where('id', '=', id).executeTakeFirst();
        if (before) await lockOrder(trx, MODULE_ORDER, before.course_id);
        await trx.updateTable('modules').set(values).where('id', '=', id).execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'module',
          entityId: id,
          changes: changesBetween(before, { ...before, ...values }, Object.keys(values)),
        });
      });
    },

    /** Swaps the module's place with the nearest module before or after it in the course. */
    async move(actorId: ActorId, courseId: number, id: number, direction: MoveDirection): Promise<SwapOutcome> {
      return swapWithNeighbour(db, now, actorId, MODULE_ORDER, courseId, id, direction);
    },

    /** Stores the new cover and removes the one it replaces, in one transaction. */
    async setCover(actorId: ActorId, id: number, image: StoredImage): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Lock the row first, so that of two uploads at once each removes the cover it really replaced.
        await trx
          .updateTable('modules')
          .set((eb) => ({ cover_url: eb.ref('cover_url') }))
          .where('id', '=', id)
          .execute();
        const before = await trx.selectFrom('modules').select('cover_url').where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const coverUrl = image.path;
        await insertImage(trx, now, image);
        await trx.updateTable('modules').set({ cover_url: coverUrl }).where('id', '=', id).execute();
        await deleteImages(trx, [before.cover_url]);
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'module',
          entityId: id,
          changes: changesBetween(before, { cover_url: coverUrl }, ['cover_url']),
        });
      });
    },

    /** Deletes the module and its cover; its lessons and their progress go with it (foreign keys cascade). */
    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('modules').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) return;
        await trx.deleteFrom('modules').where('id', '=', id).execute();
        await deleteImages(trx, [before.cover_url]);
        await audit(trx, now, {
          actorId,
          action: 'delete',
          entityType: 'module',
          entityId: id,
          changes: changesBetween(before, null, ['course_id', 'name', 'description', 'position', 'cover_url']),
        });
      });
    },
  };
}

export type ModulesRepository = ReturnType<typeof createModulesRepository>;

declare module '../registry.js' {
  interface Repositories {
    modules: ModulesRepository;
  }
}
export const repository = defineRepository('modules', createModulesRepository);
