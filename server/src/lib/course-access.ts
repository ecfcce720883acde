import type { Db } from '../db/index.js';
import type { CourseRow, LessonRow, ModuleRow } from '../db/schema.js';
import { can, type AuthContext } from '../plugins/auth.js';
import { HttpError, notFound } from './errors.js';
import type { StoredProgress } from './lesson-sync.js';

/**
 * Who may see video courses: holders of read_courses see every course (the back-office); learners
 * (mooc_access) see published courses only, with their modules and lessons.
 */
export function maySeeAllCourses(auth: AuthContext): boolean {
  return can(auth, 'read_courses');
}

export function mayFollowCourse(auth: AuthContext, course: Pick<CourseRow, 'published'>): boolean {
  return maySeeAllCourses(auth) || (auth.moocAccess && Boolean(course.published));
}

export const noCourseAccess = () => new HttpError(403, 'Non hai accesso ai videocorsi.');
export const courseNotAvailable = () => new HttpError(403, 'Questo corso non è disponibile.');

/** The caller may list courses at all (published ones for learners). */
export function assertCoursesReadable(auth: AuthContext): void {
  if (!maySeeAllCourses(auth) && !auth.moocAccess) throw noCourseAccess();
}

export async function loadCourse(db: Db, courseId: number): Promise<CourseRow> {
  const course = await db.selectFrom('courses').selectAll().where('id', '=', courseId).executeTakeFirst();
  if (!course) throw new HttpError(404, 'Corso non trovato.');
  return course;
}

/** The course, if the caller may follow it: 404 when missing, 403 when not allowed. */
export async function loadReadableCourse(db: Db, auth: AuthContext, courseId: number): Promise<CourseRow> {
  assertCoursesReadable(auth);
  const course = await loadCourse(db, courseId);
  if (!mayFollowCourse(auth, course)) throw courseNotAvailable();
  return course;
}

/** The module, only when it belongs to the course. */
export async function loadModule(db: Db, courseId: number, moduleId: number): Promise<ModuleRow> {
  const module = await db
    .selectFrom('modules')
    .selectAll()
    .where('id', '=', moduleId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  if (!module) throw new HttpError(404, 'Modulo non trovato.');
  return module;
}

/** The lesson, only when it belongs to the module. */
export async function loadLesson(db: Db, moduleId: number, lessonId: number): Promise<LessonRow> {
  const lesson = await db
    .selectFrom('lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!lesson) throw notFound('Lezione');
  return lesson;
}

/** A lesson with the caller's progress row (null before the first sync). */
export interface SyncTarget {
  lesson: Pick<LessonRow, 'id' | 'module_id' | 'position' | 'name' | 'video_url' | 'description' | 'video_length'>;
  progress: StoredProgress | null;
}

/**
 * Everything a progress sync reads, in one indexed query: the course (may the caller follow it?),
 * the module within it, the lesson within that, and the caller's progress. Answers 404/403 like
 * loadReadableCourse, loadModule and loadLesson one after the other.
 */
export async function loadSyncTarget(db: Db, auth: AuthContext, courseId: number, moduleId: number, lessonId: number): Promise<SyncTarget> {
  assertCoursesReadable(auth);
  const row = await db
    .selectFrom('courses')
    .leftJoin('modules', (join) => join.onRef('modules.course_id', '=', 'courses.id').on('modules.id', '=', moduleId))
    .leftJoin('lessons', (join) => join.onRef('lessons.module_id', '=', 'modules.id').on('lessons.id', '=', lessonId))
    .leftJoin('lesson_progress', (join) =>
      join.onRef('lesson_progress.lesson_id', '=', 'lessons.id').on('lesson_progress.user_id', '=', auth.userId),
    )
    .select([
      'courses.published',
      'modules.id as module_id',
      'lessons.id as lesson_id',
      'lessons.position as lesson_position',
      'lessons.name',
      'lessons.video_url',
      'lessons.description',
      'lessons.video_length',
      'lesson_progress.position as progress_position',
      'lesson_progress.watched',
      'lesson_progress.covered_seconds',
      'lesson_progress.completed',
      'lesson_progress.last_sync_ms',
      'lesson_progress.session_started_ms',
      'lesson_progress.session_credited',
      'lesson_progress.version',
    ])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Corso non trovato.');
  if (!mayFollowCourse(auth, row)) throw courseNotAvailable();
  if (row.module_id === null) throw new HttpError(404, 'Modulo non trovato.');
  if (row.lesson_id === null || row.lesson_position === null || row.name === null || row.video_url === null) throw notFound('Lezione');
  return {
    lesson: {
      id: row.lesson_id,
      module_id: row.module_id,
      position: row.lesson_position,
      name: row.name,
      video_url: row.video_url,
      description: row.description,
      video_length: row.video_length,
    },
    progress:
      row.version === null
        ? null
        : {
            position: Number(row.progress_position),
            watched: row.watched ?? '[]',
            covered_seconds: Number(row.covered_seconds),
            completed: Number(row.completed),
            last_sync_ms: Number(row.last_sync_ms),
            session_started_ms: Number(row.session_started_ms),
            session_credited: Number(row.session_credited),
            version: Number(row.version),
          },
  };
}
