import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import { ListQuery, responses } from '../../http/schemas.js';
import { DeletedResponse } from '../courses/schemas.js';
import {
  type Lesson,
  LessonBody,
  LessonListParams,
  LessonListResponse,
  LessonMoveResponse,
  LessonParams,
  LessonResponse,
  LessonSyncBody,
} from './schemas.js';
import { loadReadableCourse, syncTargetFor } from '../courses/access.js';
import { presentLesson } from './presenter.js';
import { orNotFound, validationFailed } from '../../http/errors.js';
import { checkBody } from '../../http/body-rules.js';
import { positionTakenMessage, swappedOrRefused, writeAtPosition } from '../positions/move.js';
import { MoveBody } from '../positions/schemas.js';
import { blankFields } from '../../http/blank-fields.js';
import { isAcceptedVideoUrl } from './video-url.js';
import { editVersionOf } from '../../plugins/edit-versions.js';
import { readStoredVideoLength } from './video-length.js';
import type { LessonWithProgress } from './repository.js';
import { signedMediaUrl } from '../../infra/media-urls.js';
import { feedKey } from '../../calendar/calendar-feed.js';

export { isAcceptedVideoUrl };

export const UNREADABLE_VIDEO_MESSAGE =
  'Il file del video non esiste o non è leggibile: impossibile ricavarne la durata.';
export const EXTERNAL_LENGTH_MESSAGE = 'Per un video esterno indica la durata del video in secondi.';

export const VIDEO_URL_MESSAGE =
  'Il campo URL del video deve essere un URL valido (un indirizzo https:// senza credenziali, oppure un percorso /storage/).';

/** Lessons of a module and the player's progress sync. */
export default async function lessonRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const normalise = blankFields({
    required: ['position', 'name', 'video_url'],
    optional: ['description', 'video_length'],
  });

  const { courses, modules, lessons, progress } = app.repos;
  const findModule = async (courseId: number, moduleId: number) =>
    orNotFound(await modules.findInCourse(courseId, moduleId), 'module');
  const findLesson = async (moduleId: number, lessonId: number) =>
    orNotFound(await lessons.findInModule(moduleId, lessonId), 'lesson');
  /** The address the player loads: a signed one for the site's own /storage/ videos (infra/media-urls.ts). */
  const playbackUrl = (videoUrl: string) =>
    videoUrl.startsWith('/storage/') ? signedMediaUrl(feedKey(app.config), videoUrl, app.now()) : videoUrl;
  const present = (row: LessonWithProgress) => presentLesson(row, app.config.completionThreshold, playbackUrl);
  const lessonFor = async (userId: number, lessonId: number) =>
    present(orNotFound(await lessons.findForUser(lessonId, userId), 'lesson'));

  /**
   * The length a learner's progress is measured against, never taken from a player: read from the
   * file for the site's own /storage/ videos, given in the form for every other video. Null when
   * there is none, which the rules below refuse.
   */
  async function trustedLength(videoUrl: string, given: number | null | undefined): Promise<number | null> {
    if (videoUrl.startsWith('/storage/')) return readStoredVideoLength(app.config.storageDir, videoUrl);
    return given ? Math.round(given * 1000) / 1000 : null;
  }

  /** Who else holds `position` in the module, as a refusal names them; undefined when free. */
  const lessonAt = async (moduleId: number, position: number, exceptId?: number) => {
    const holder = await lessons.atPosition(moduleId, position, exceptId);
    return holder && `dalla lezione «${holder.name}»`;
  };

  /**
   * A place in the module's order no other lesson holds, and a video address the site accepts,
   * with a length to measure progress against.
   */
  const lessonRules = checkBody<LessonBody>(async (body, errors, request) => {
    const { courseId, moduleId, lessonId } = request.params as LessonListParams & Partial<LessonParams>;
    // A missing module or lesson is a 404 before anything is said about the body.
    await findModule(courseId, moduleId);
    if (lessonId !== undefined) await findLesson(moduleId, lessonId);
    const position = body.get('position');
    const taken = position !== undefined ? await lessonAt(moduleId, position, lessonId) : undefined;
    if (taken) errors.add('position', positionTakenMessage(position!, taken));
    const videoUrl = body.get('video_url')?.trim();
    if (videoUrl === undefined) return;
    if (!isAcceptedVideoUrl(videoUrl)) {
      errors.add('video_url', VIDEO_URL_MESSAGE);
    } else if (videoUrl.startsWith('/storage/')) {
      if ((await trustedLength(videoUrl, null)) === null) errors.add('video_url', UNREADABLE_VIDEO_MESSAGE);
    } else if (!errors.has('video_length') && !body.get('video_length')) {
      errors.add('video_length', EXTERNAL_LENGTH_MESSAGE);
    }
  });

  /** The values to store from a body that passed its schema and its rules. */
  async function lessonValues(body: LessonBody) {
    const video_url = body.video_url.trim();
    const video_length = await trustedLength(video_url, body.video_length);
    // The rules saw a length a moment ago: a file removed since is a conflict, not a bad form.
    if (video_length === null) throw validationFailed({ video_url: [UNREADABLE_VIDEO_MESSAGE] });
    return {
      position: body.position,
      name: body.name.trim(),
      video_url,
      description: body.description?.trim() || null,
      video_length,
    };
  }

  app.get(
    '/courses/:courseId/modules/:moduleId/lessons',
    {
      config: { relation: 'course-learner' },
      schema: { params: LessonListParams, querystring: ListQuery, response: responses({ 200: LessonListResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const course = await loadReadableCourse(courses, auth, request.params.courseId);
      const module = await findModule(course.id, request.params.moduleId);
      const { rows, meta } = await lessons.list(module.id, request.query, auth.userId);
      return { data: rows.map(present), meta };
    },
  );

  app.get(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    {
      config: { relation: 'course-learner', editVersion: editVersionOf(LessonBody) },
      schema: { params: LessonParams, response: responses({ 200: LessonResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const course = await loadReadableCourse(courses, auth, request.params.courseId);
      const module = await findModule(course.id, request.params.moduleId);
      const lesson = await findLesson(module.id, request.params.lessonId);
      return { data: await lessonFor(auth.userId, lesson.id) };
    },
  );

  app.post(
    '/courses/:courseId/modules/:moduleId/lessons',
    {
      schema: {
        description: 'A `position` another lesson of the module holds is 422 under the field, as for modules.',
        params: LessonListParams,
        body: LessonBody,
        response: responses({ 201: LessonResponse }),
      },
      preValidation: normalise,
      config: { permission: 'create_lessons' },
      preHandler: lessonRules,
    },
    async (request, reply) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      const values = await lessonValues(request.body);
      const id = await writeAtPosition(
        values.position,
        () => lessons.create(actorOf(request), module.id, values),
        async () => (await lessonAt(module.id, values.position)) ?? "da un'altra lezione",
      );
      reply.status(201);
      return { data: await lessonFor(authOf(request).userId, id) };
    },
  );

  app.put(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    {
      schema: { params: LessonParams, body: LessonBody, response: responses({ 200: LessonResponse }) },
      preValidation: normalise,
      preHandler: lessonRules,
      config: {
        permission: 'update_lesosns',
        editVersion: editVersionOf(LessonBody, async (request) => {
          const { courseId, moduleId, lessonId } = request.params as LessonParams;
          const lesson = await findLesson((await findModule(courseId, moduleId)).id, lessonId);
          return { data: await lessonFor(authOf(request).userId, lesson.id) };
        }),
      },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      const lesson = await findLesson(module.id, request.params.lessonId);
      const values = await lessonValues(request.body);
      await writeAtPosition(
        values.position,
        () => lessons.update(actorOf(request), lesson, values),
        async () => (await lessonAt(module.id, values.position)) ?? "da un'altra lezione",
      );
      return { data: await lessonFor(authOf(request).userId, lesson.id) };
    },
  );

  app.delete(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    {
      schema: { params: LessonParams, response: responses({ 200: DeletedResponse }) },
      config: { permission: 'delete_courses' },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      const lesson = await findLesson(module.id, request.params.lessonId);
      await lessons.delete(actorOf(request), lesson.id);
      return { data: { id: lesson.id, name: lesson.name } };
    },
  );

  /** Swaps the lesson with its neighbour in the module's order: the same permission and checks as the PUT. */
  app.post(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId/move',
    {
      schema: {
        description:
          'As the PUT; swaps the lesson with its neighbour in the module as the module move does (422 at the first or last place, 404 also for a lesson of another module, 409 on a concurrent change).',
        params: LessonParams,
        body: MoveBody,
        response: responses({ 200: LessonMoveResponse }),
      },
      config: { permission: 'update_lesosns' },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      const lesson = await findLesson(module.id, request.params.lessonId);
      const { direction } = request.body;
      const ids = swappedOrRefused(
        await lessons.move(actorOf(request), module.id, lesson.id, direction),
        'lesson',
        direction,
      );
      const userId = authOf(request).userId;
      return { data: await Promise.all(ids.map((id) => lessonFor(userId, id))) };
    },
  );

  app.post(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId/sync',
    {
      config: { relation: 'course-learner' },
      schema: {
        description: "Records the caller's own progress only.",
        params: LessonParams,
        body: LessonSyncBody,
        response: responses({ 200: LessonResponse }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { courseId, moduleId, lessonId } = request.params;
      const { lesson, progress: current } = syncTargetFor(
        auth,
        await progress.syncTarget(auth.userId, courseId, moduleId, lessonId),
      );
      const synced = await progress.sync({
        userId: auth.userId,
        lesson,
        current,
        position: request.body.duration,
        rate: request.body.rate,
        threshold: app.config.completionThreshold,
      });
      // What was just stored: no need to read the lesson back.
      const data: Lesson = {
        id: lesson.id,
        module_id: lesson.module_id,
        position: Number(lesson.position),
        name: lesson.name,
        video_url: lesson.video_url,
        playback_url: playbackUrl(lesson.video_url),
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
