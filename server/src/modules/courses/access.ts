import type { CourseRow, LessonRow } from '../../db/schema.js';
import { can, type AuthContext } from '../../access/can.js';
import type { CoursesRepository } from './repository.js';
import type { StoredProgress, SyncTargetRow } from '../progress/repository.js';
import { HttpError, orNotFound } from '../../http/errors.js';

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

/** The course, if the caller may follow it: 404 when missing, 403 when not allowed. */
export async function loadReadableCourse(
  courses: Pick<CoursesRepository, 'findById'>,
  auth: AuthContext,
  courseId: number,
): Promise<CourseRow> {
  assertCoursesReadable(auth);
  const course = orNotFound(await courses.findById(courseId), 'course');
  if (!mayFollowCourse(auth, course)) throw courseNotAvailable();
  return course;
}

/** A lesson with the caller's progress row (null before the first sync). */
export interface SyncTarget {
  lesson: Pick<LessonRow, 'id' | 'module_id' | 'position' | 'name' | 'video_url' | 'description' | 'video_length'>;
  progress: StoredProgress | null;
}

/**
 * Checks what a progress sync read in one query (the course, the module within it, the lesson
 * within that, the caller's progress) and answers 404/403 like loadReadableCourse followed by the
 * module and lesson lookups.
 */
export function syncTargetFor(auth: AuthContext, row: SyncTargetRow | undefined): SyncTarget {
  assertCoursesReadable(auth);
  const course = orNotFound(row, 'course');
  if (!mayFollowCourse(auth, course)) throw courseNotAvailable();
  const moduleId = orNotFound(course.module_id, 'module');
  if (
    course.lesson_id === null ||
    course.lesson_position === null ||
    course.name === null ||
    course.video_url === null
  ) {
    return orNotFound<SyncTarget>(undefined, 'lesson');
  }
  return {
    lesson: {
      id: course.lesson_id,
      module_id: moduleId,
      position: course.lesson_position,
      name: course.name,
      video_url: course.video_url,
      description: course.description,
      video_length: course.video_length,
    },
    progress:
      course.version === null
        ? null
        : {
            position: Number(course.progress_position),
            watched: course.watched ?? '[]',
            covered_seconds: Number(course.covered_seconds),
            completed: Number(course.completed),
            last_sync_ms: Number(course.last_sync_ms),
            session_started_ms: Number(course.session_started_ms),
            session_credited: Number(course.session_credited),
            version: Number(course.version),
          },
  };
}
