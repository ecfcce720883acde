import type { LessonWithProgress } from './repository.js';
import type { Lesson } from './schemas.js';

/** Row → API shape of a lesson, with the caller's progress. */
export function presentLesson(row: LessonWithProgress, requiredRatio: number): Lesson {
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
