import type { Db } from '../../db/index.js';
import type { CourseRow } from '../../db/schema.js';
import { ilike, WHOLE_LIST_PER_PAGE, type ListParams } from '../../http/listing.js';
import { listPage } from '../list.js';
import { isoNow, type Clock } from '../shared.js';
import { audit, changesBetween, type ActorId } from '../audit/repository.js';
import { defineRepository } from '../registry.js';
import { deleteImages, insertImage, type StoredImage } from '../uploads/repository.js';

/** A course with the given user's lesson counts. */
function courseQuery(db: Db, userId: number) {
  return db.selectFrom('courses').select((eb) => [
    'courses.id',
    'courses.name',
    'courses.description',
    'courses.published',
    'courses.cover_url',
    'courses.created_at',
    eb
      .selectFrom('lessons')
      .innerJoin('modules', 'modules.id', 'lessons.module_id')
      .whereRef('modules.course_id', '=', 'courses.id')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .as('total_lessons'),
    eb
      .selectFrom('lesson_progress')
      .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
      .innerJoin('modules', 'modules.id', 'lessons.module_id')
      .whereRef('modules.course_id', '=', 'courses.id')
      .where('lesson_progress.user_id', '=', userId)
      .where('lesson_progress.completed', '=', 1)
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .as('completed_lessons'),
  ]);
}

/** A course row with the user's completed and total lesson counts. */
export type CourseWithProgress = Awaited<ReturnType<ReturnType<typeof courseQuery>['executeTakeFirstOrThrow']>>;

export interface CourseValues {
  name: string;
  description: string;
  published?: boolean;
}

/** Every query on video courses; lesson counts and progress are the given user's own. */
export function createCoursesRepository(db: Db, now: Clock) {
  return {
    async findById(id: number): Promise<CourseRow | undefined> {
      return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The course with the user's progress; undefined when it does not exist. */
    async findForUser(id: number, userId: number): Promise<CourseWithProgress | undefined> {
      return courseQuery(db, userId).where('courses.id', '=', id).executeTakeFirst();
    },

    /** Newest first by default, every course on one page unless `per_page` says otherwise. */
    async list(params: ListParams, options: { userId: number; publishedOnly: boolean }) {
      let query = courseQuery(db, options.userId);
      if (options.publishedOnly) query = query.where('courses.published', '=', 1);
      return listPage(query, params, {
        filters: { name: (term) => ilike('courses.name', term) },
        ids: 'courses.id',
        sort: {
          allowed: { name: 'courses.name', created_at: 'courses.created_at', id: 'courses.id' },
          default: '-created_at',
        },
        tieBreaker: { column: 'courses.id', direction: 'asc' },
        perPage: WHOLE_LIST_PER_PAGE,
        maxPerPage: WHOLE_LIST_PER_PAGE,
      });
    },

    async create(actorId: ActorId, values: CourseValues): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const stored = { name: values.name, description: values.description, published: values.published ? 1 : 0 };
        const row = await trx
          .insertInto('courses')
          .values({ ...stored, created_at: isoNow(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'create',
          entityType: 'course',
          entityId: row.id,
          changes: changesBetween(null, { ...stored, published: Boolean(stored.published) }),
        });
        return row.id;
      });
    },

    /** Stores name and description, and `published` when given. */
    async update(actorId: ActorId, id: number, values: CourseValues): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('courses')
          .select(['name', 'description', 'published'])
          .where('id', '=', id)
          .executeTakeFirst();
        const set = {
          name: values.name,
          description: values.description,
          ...(values.published === undefined ? {} : { published: values.published ? 1 : 0 }),
        };
        await trx.updateTable('courses').set(set).where('id', '=', id).execute();
        const asBool = (row: { published?: number } | undefined) =>
          row && { ...row, ...(row.published === undefined ? {} : { published: Boolean(row.published) }) };
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'course',
          entityId: id,
          changes: changesBetween(asBool(before), asBool({ ...before, ...set }), Object.keys(set)),
        });
      });
    },

    /** Stores the new cover and removes the one it replaces, in one transaction. */
    async setCover(actorId: ActorId, id: number, image: StoredImage): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Lock the row first, so that of two uploads at once each removes the cover it really replaced.
        await trx
          .updateTable('courses')
          .set((eb) => ({ cover_url: eb.ref('cover_url') }))
          .where('id', '=', id)
          .execute();
        const before = await trx.selectFrom('courses').select('cover_url').where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const coverUrl = image.path;
        await insertImage(trx, now, image);
        await trx.updateTable('courses').set({ cover_url: coverUrl }).where('id', '=', id).execute();
        await deleteImages(trx, [before.cover_url]);
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'course',
          entityId: id,
          changes: changesBetween(before, { cover_url: coverUrl }, ['cover_url']),
        });
      });
    },

    /** Deletes the course with its cover; modules (and their covers), lessons and progress go with it. */
    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
        const modules = await trx
          .selectFrom('modules')
          .select(['id', 'cover_url'])
          .where('course_id', '=', id)
          .execute();
        await trx.deleteFrom('courses').where('id', '=', id).execute();
        await deleteImages(trx, [before?.cover_url, ...modules.map((m) => m.cover_url)]);
        if (before) {
          const changes = changesBetween({ ...before, published: Boolean(before.published) }, null, [
            'name',
            'description',
            'published',
            'cover_url',
          ]);
          if (modules.length) changes.modules = [modules.map((m) => m.id).sort((a, b) => a - b), []];
          await audit(trx, now, { actorId, action: 'delete', entityType: 'course', entityId: id, changes });
        }
      });
    },
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;

declare module '../registry.js' {
  interface Repositories {
    courses: CoursesRepository;
  }
}
export const repository = defineRepository('courses', createCoursesRepository);
