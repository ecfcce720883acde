import type { CourseWithProgress } from './repository.js';
import type { Course } from './schemas.js';

/** Row → API shape of a course; lesson counts and progress are the caller's own. */

export function presentCourse(row: CourseWithProgress): Course {
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
