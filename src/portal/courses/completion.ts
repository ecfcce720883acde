import type { Lesson } from './types';

/** "Completamento": round(completed / total × 100); 0 when there is nothing to complete. */
export function completionPercent(completed: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}

/** A module's completion: the share of its lessons with completed true (0 when none). */
export function lessonsCompletion(lessons: ReadonlyArray<Pick<Lesson, 'completed'>> | undefined): number {
  const list = lessons ?? [];
  return completionPercent(list.filter((lesson) => lesson.completed).length, list.length);
}

/** Where the player resumes: the saved position (the API's `progress`) of a lesson not completed yet, else the start. */
export function resumePosition(lesson: Pick<Lesson, 'completed' | 'progress'>): number | null {
  if (lesson.completed) return null;
  return lesson.progress > 0 ? lesson.progress : null;
}

/** The lesson after `lessonId` in the module's (position-sorted) list, or null on the last one. */
export function nextLessonOf<T extends { id: number | string }>(
  lessons: readonly T[],
  lessonId: number | string,
): T | null {
  const index = lessons.findIndex((lesson) => String(lesson.id) === String(lessonId));
  return index >= 0 && index + 1 < lessons.length ? lessons[index + 1] : null;
}

export interface Coverage {
  watched: number;
  length: number | null;
  percent: number;
}

/** What the server counted so far: whole seconds watched, the video's length, the share required. */
export function coverageOf(lesson: Pick<Lesson, 'watched_seconds' | 'video_length' | 'required_ratio'>): Coverage {
  return {
    watched: Math.floor(Math.max(0, lesson.watched_seconds)),
    length: lesson.video_length === null ? null : Math.round(lesson.video_length),
    percent: Math.round(lesson.required_ratio * 100),
  };
}
