import type { CourseWithProgress } from './repository.js';
import type { LessonWithProgress } from '../lessons/repository.js';
import type { ModuleWithProgress } from '../course-modules/repository.js';
import type { Course } from './schemas.js';
import type { Lesson } from '../lessons/schemas.js';
import type { Module } from '../course-modules/schemas.js';

/** Row → API shapes for courses, modules and lessons; lesson counts and progress are the caller's own. */

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
