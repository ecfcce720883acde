import type { Db } from '../db/index.js';
import type { LessonRow } from '../db/schema.js';
import { ilike, MAX_PER_PAGE, type ListParams } from '../lib/listing.js';
import { listPage } from './list.js';
import { isoNow, type Clock } from './shared.js';

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
}

/** Every query on the lessons of a module (progress sync: see the progress repository). */
export function createLessonsRepository(db: Db, now: Clock) {
  return {
    /** The lesson, only when it belongs to the module. */
    async findInModule(moduleId: number, lessonId: number): Promise<LessonRow | undefined> {
      return db.selectFrom('lessons').selectAll().where('id', '=', lessonId).where('module_id', '=', moduleId).executeTakeFirst();
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
        sort: { allowed: { position: 'lessons.position', name: 'lessons.name', id: 'lessons.id' }, default: 'position' },
        tieBreaker: { column: 'lessons.id', direction: 'asc' },
        perPage: MAX_PER_PAGE,
      });
    },

    async create(moduleId: number, values: LessonValues): Promise<number> {
      const row = await db
        .insertInto('lessons')
        .values({ module_id: moduleId, ...values, video_length: null, created_at: isoNow(now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Stores the fields; another video has another length, learnt again from the players. */
    async update(lesson: Pick<LessonRow, 'id' | 'video_url'>, values: LessonValues): Promise<void> {
      await db
        .updateTable('lessons')
        .set({ ...values, ...(values.video_url === lesson.video_url ? {} : { video_length: null }) })
        .where('id', '=', lesson.id)
        .execute();
    },

    /** Deletes the lesson and its progress (foreign keys cascade). */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('lessons').where('id', '=', id).execute();
    },
  };
}

export type LessonsRepository = ReturnType<typeof createLessonsRepository>;
