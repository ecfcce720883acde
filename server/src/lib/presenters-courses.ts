import type { Db } from '../db/index.js';
import type { Course } from '../schemas/course.js';
import type { Lesson } from '../schemas/lesson.js';
import type { Module } from '../schemas/module.js';

/**
 * Queries and row → API shapes for courses, modules and lessons. Lesson counts and progress are the
 * given user's own.
 */

export function courseQuery(db: Db, userId: number) {
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

type CourseQueryRow = Awaited<ReturnType<ReturnType<typeof courseQuery>['executeTakeFirstOrThrow']>>;

export function presentCourse(row: CourseQueryRow): Course {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    published: Boolean(row.published),
    cover_url: row.cover_url,
    completed_lessons: Number(row.completed_lessons ?? 0),
    total_lessons: Number(row.total_lessons ?? 0),
    created_at: row.created_at,
  };
}

export function moduleQuery(db: Db, userId: number) {
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

type ModuleQueryRow = Awaited<ReturnType<ReturnType<typeof moduleQuery>['executeTakeFirstOrThrow']>>;

export function presentModule(row: ModuleQueryRow): Module {
  return {
    id: row.id,
    course_id: row.course_id,
    name: row.name,
    description: row.description,
    position: Number(row.position),
    cover_url: row.cover_url,
    completed_lessons: Number(row.completed_lessons ?? 0),
    total_lessons: Number(row.total_lessons ?? 0),
  };
}

export function lessonQuery(db: Db, userId: number) {
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

type LessonQueryRow = Awaited<ReturnType<ReturnType<typeof lessonQuery>['executeTakeFirstOrThrow']>>;

export function presentLesson(row: LessonQueryRow, requiredRatio: number): Lesson {
  return {
    id: row.id,
    module_id: row.module_id,
    position: Number(row.position),
    name: row.name,
    video_url: row.video_url,
    description: row.description,
    completed: Boolean(row.completed),
    progress: Number(row.progress ?? 0),
    watched_seconds: Number(row.covered_seconds ?? 0),
    video_length: row.video_length === null ? null : Number(row.video_length),
    required_ratio: requiredRatio,
  };
}
