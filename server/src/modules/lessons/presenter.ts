import type { LessonWithProgress } from './repository.js';
import type { Lesson } from './schemas.js';

/**
 * Row → API shape of a lesson, with the caller's progress; `playbackUrl` turns the stored video
 * address into the one the player loads (signed for /storage/ videos).
 */
export function presentLesson(
  row: LessonWithProgress,
  requiredRatio: number,
  playbackUrl: (videoUrl: string) => string,
): Lesson {
  return {
    id: row.id,
    module_id: row.module_id,
    position: Number(row.position),
    name: row.name,
    video_url: row.video_url,
    playback_url: playbackUrl(row.video_url),
    description: row.description,
    completed: Boolean(row.completed),
    progress: Number(row.progress ?? 0),
    watched_seconds: Number(row.covered_seconds ?? 0),
    video_length: row.video_length === null ? null : Number(row.video_length),
    required_ratio: requiredRatio,
  };
}
