import type { Db } from '../db/index.js';
import type { CourseRow, LessonRow, ModuleRow } from '../db/schema.js';
import { can, type AuthContext } from '../plugins/auth.js';
import { HttpError, notFound } from './errors.js';

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
