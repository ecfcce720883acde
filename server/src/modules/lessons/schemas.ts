import { Type, type Static } from 'typebox';
import { DbId, ListMeta, Name, FreeText } from '../../http/schemas.js';

/**
 * A lesson with the caller's progress: `completed` is decided by the server, `progress` is the
 * resume position; `watched_seconds` against `video_length` × `required_ratio` tells the learner
 * how far the lesson is from completion (`video_length` is null only for lessons saved before it
 * was required: they cannot be completed until staff set it).
 */
export const Lesson = Type.Object({
  id: Type.Integer(),
  module_id: Type.Integer(),
  position: Type.Integer(),
  name: Type.String(),
  video_url: Type.String(),
  /**
   * The address the player loads: `video_url` itself for an external video; for the site's own
   * /storage/ videos a signed address, valid for a few hours, that only this answer gives (the
   * file is not served without it).
   */
  playback_url: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  completed: Type.Boolean(),
  progress: Type.Number(),
  watched_seconds: Type.Number(),
  video_length: Type.Union([Type.Number(), Type.Null()]),
  required_ratio: Type.Number(),
});
export type Lesson = Static<typeof Lesson>;

/**
 * POST and PUT .../lessons[/{id}]. `video_url`: an https address without credentials (YouTube,
 * Vimeo, a video file) or a site path under /storage/ (the shipped demo videos).
 */
export const LessonBody = Type.Object({
  position: Type.Integer({ minimum: 1, maximum: 100000 }),
  name: Name(),
  video_url: Type.String({ minLength: 1, maxLength: 2048, format: 'video-url' }),
  /** Seconds; required for videos outside /storage/ (the length of those is read from the file). */
  video_length: Type.Optional(Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 43200 }), Type.Null()])),
  description: Type.Optional(Type.Union([FreeText(10000), Type.Null()])),
});
export type LessonBody = Static<typeof LessonBody>;

/**
 * POST .../lessons/{lessonId}/sync: `duration` is the playback position in seconds (the name comes
 * from the original API); `length` the video's total length and `rate` the playback rate, both
 * optional.
 */
export const LessonSyncBody = Type.Object({
  duration: Type.Number({ minimum: 0, maximum: 1000000 }),
  length: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1000000 }), Type.Null()])),
  rate: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
});
export type LessonSyncBody = Static<typeof LessonSyncBody>;

export const LessonListParams = Type.Object({ courseId: DbId, moduleId: DbId });
export type LessonListParams = Static<typeof LessonListParams>;

export const LessonParams = Type.Object({ courseId: DbId, moduleId: DbId, lessonId: DbId });
export type LessonParams = Static<typeof LessonParams>;

export const LessonResponse = Type.Object({ data: Lesson });
/** POST …/lessons/{lessonId}/move: the two lessons that swapped places, the moved one first. */
export const LessonMoveResponse = Type.Object({ data: Type.Array(Lesson) });
export const LessonListResponse = Type.Object({ data: Type.Array(Lesson), meta: ListMeta });
