import type { ModuleWithProgress } from './repository.js';
import type { Module } from './schemas.js';

/** Row → API shape of a module; lesson counts and progress are the caller's own. */
export function presentModule(row: ModuleWithProgress): Module {
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
