import { Type, type Static } from 'typebox';
import { DbId, ListMeta, Name, FreeText } from '../../http/schemas.js';

/** A course as learners and the back-office see it; the lesson counts are the caller's own. */
export const Course = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  published: Type.Boolean(),
  cover_url: Type.Union([Type.String(), Type.Null()]),
  completed_lessons: Type.Integer(),
  total_lessons: Type.Integer(),
  created_at: Type.String(),
});
export type Course = Static<typeof Course>;

/** POST /api/courses; `published` defaults to false (older clients did not send it). */
export const CourseCreateBody = Type.Object({
  name: Name(),
  description: FreeText(10000, 1),
  published: Type.Optional(Type.Boolean()),
});
export type CourseCreateBody = Static<typeof CourseCreateBody>;

/** PUT /api/courses/{id}: the same fields; `published` left unchanged when absent. */
export const CourseUpdateBody = CourseCreateBody;
export type CourseUpdateBody = Static<typeof CourseUpdateBody>;

export const CourseParams = Type.Object({ courseId: DbId });
export type CourseParams = Static<typeof CourseParams>;

export const CourseResponse = Type.Object({ data: Course });
export const CourseListResponse = Type.Object({ data: Type.Array(Course), meta: ListMeta });

/** DELETE answers: what was removed. */
export const DeletedResponse = Type.Object({ data: Type.Object({ id: Type.Integer(), name: Type.String() }) });
