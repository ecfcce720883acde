import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/auth.js';
import { ListQuery } from '../schemas/common.js';
import { DeletedResponse } from '../schemas/course.js';
import {
  type Lesson,
  LessonBody,
  LessonListParams,
  LessonListResponse,
  LessonParams,
  LessonResponse,
  LessonSyncBody,
} from '../schemas/lesson.js';
import { filterValue, ilike, MAX_PER_PAGE, paginate, parseSort } from '../lib/listing.js';
import { loadLesson, loadModule, loadReadableCourse, loadSyncTarget } from '../lib/course-access.js';
import { lessonQuery, presentLesson } from '../lib/presenters-courses.js';
import { recordSync } from '../lib/lesson-sync.js';
import { validationFailed } from '../lib/errors.js';
import { blankFields } from '../lib/blank-fields.js';
import { isAcceptedVideoUrl } from '../schemas/video-url.js';

export { isAcceptedVideoUrl };

const SORTABLE = { position: 'lessons.position', name: 'lessons.name', id: 'lessons.id' };

export const VIDEO_URL_MESSAGE =
  "Il campo URL del video deve essere un URL valido (un indirizzo http:// o https://, oppure un percorso /storage/).";

/** Lessons of a module (SPEC §7) and the player's progress sync. */
export default async function lessonRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const normalise = blankFields({ required: ['position', 'name', 'video_url'], optional: ['description'] });

  async function lessonFor(userId: number, lessonId: number) {
    const row = await lessonQuery(app.db, userId).where('lessons.id', '=', lessonId).executeTakeFirstOrThrow();
    return presentLesson(row, app.config.completionThreshold);
  }

  function checkVideoUrl(videoUrl: string): string {
    const trimmed = videoUrl.trim();
    if (!isAcceptedVideoUrl(trimmed)) throw validationFailed({ video_url: [VIDEO_URL_MESSAGE] });
    return trimmed;
  }

  app.get(
    '/courses/:courseId/modules/:moduleId/lessons',
    { schema: { params: LessonListParams, querystring: ListQuery, response: { 200: LessonListResponse } } },
    async (request) => {
      const auth = authOf(request);
      const course = await loadReadableCourse(app.db, auth, request.params.courseId);
      const module = await loadModule(app.db, course.id, request.params.moduleId);
      let query = lessonQuery(app.db, auth.userId).where('lessons.module_id', '=', module.id);
      const name = filterValue(request.query, 'name');
      if (name) query = query.where(ilike('lessons.name', name));
      const sort = [...parseSort(request.query.sort, SORTABLE, 'position'), { column: 'lessons.id', direction: 'asc' as const }];
      const { rows, meta } = await paginate(query, { ...request.query, per_page: request.query.per_page ?? MAX_PER_PAGE }, sort);
      return { data: rows.map((row) => presentLesson(row, app.config.completionThreshold)), meta };
    },
  );

  app.get('/courses/:courseId/modules/:moduleId/lessons/:lessonId', { schema: { params: LessonParams, response: { 200: LessonResponse } } }, async (request) => {
    const auth = authOf(request);
    const course = await loadReadableCourse(app.db, auth, request.params.courseId);
    const module = await loadModule(app.db, course.id, request.params.moduleId);
    const lesson = await loadLesson(app.db, module.id, request.params.lessonId);
    return { data: await lessonFor(auth.userId, lesson.id) };
  });

  app.post(
    '/courses/:courseId/modules/:moduleId/lessons',
    {
      schema: { params: LessonListParams, body: LessonBody, response: { 201: LessonResponse } },
      preValidation: normalise,
      preHandler: app.requirePermission('create_lessons'),
    },
    async (request, reply) => {
      const module = await loadModule(app.db, request.params.courseId, request.params.moduleId);
      const { position, name, video_url, description } = request.body;
      const videoUrl = checkVideoUrl(video_url);
      const row = await app.db
        .insertInto('lessons')
        .values({
          module_id: module.id,
          position,
          name: name.trim(),
          video_url: videoUrl,
          description: description?.trim() || null,
          video_length: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.status(201);
      return { data: await lessonFor(authOf(request).userId, row.id) };
    },
  );

  app.put(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    {
      schema: { params: LessonParams, body: LessonBody, response: { 200: LessonResponse } },
      preValidation: normalise,
      preHandler: app.requirePermission('update_lesosns'),
    },
    async (request) => {
      const module = await loadModule(app.db, request.params.courseId, request.params.moduleId);
      const lesson = await loadLesson(app.db, module.id, request.params.lessonId);
      const { position, name, video_url, description } = request.body;
      const videoUrl = checkVideoUrl(video_url);
      await app.db
        .updateTable('lessons')
        .set({
          position,
          name: name.trim(),
          video_url: videoUrl,
          description: description?.trim() || null,
          // Another video has another length: learn it again from the players.
          ...(videoUrl === lesson.video_url ? {} : { video_length: null }),
        })
        .where('id', '=', lesson.id)
        .execute();
      return { data: await lessonFor(authOf(request).userId, lesson.id) };
    },
  );

  app.delete(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    { schema: { params: LessonParams, response: { 200: DeletedResponse } }, preHandler: app.requirePermission('delete_courses') },
    async (request) => {
      const module = await loadModule(app.db, request.params.courseId, request.params.moduleId);
      const lesson = await loadLesson(app.db, module.id, request.params.lessonId);
      await app.db.deleteFrom('lessons').where('id', '=', lesson.id).execute();
      return { data: { id: lesson.id, name: lesson.name } };
    },
  );

  app.post(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId/sync',
    { schema: { params: LessonParams, body: LessonSyncBody, response: { 200: LessonResponse } } },
    async (request) => {
      const auth = authOf(request);
      const { courseId, moduleId, lessonId } = request.params;
      const { lesson, progress } = await loadSyncTarget(app.db, auth, courseId, moduleId, lessonId);
      const synced = await recordSync(app.db, {
        userId: auth.userId,
        lesson,
        current: progress,
        position: request.body.duration,
        length: request.body.length,
        rate: request.body.rate,
        threshold: app.config.completionThreshold,
        now: () => app.now(),
      });
      // What was just stored: no need to read the lesson back.
      const data: Lesson = {
        id: lesson.id,
        module_id: lesson.module_id,
        position: Number(lesson.position),
        name: lesson.name,
        video_url: lesson.video_url,
        description: lesson.description,
        completed: synced.completed,
        progress: synced.position,
        watched_seconds: synced.coveredSeconds,
        video_length: synced.videoLength,
        required_ratio: app.config.completionThreshold,
      };
      return { data };
    },
  );
}
