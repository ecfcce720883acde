import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/auth.js';
import { ListQuery } from '../schemas/common.js';
import {
  CourseCreateBody,
  CourseListResponse,
  CourseParams,
  CourseResponse,
  CourseUpdateBody,
  DeletedResponse,
} from '../schemas/course.js';
import { filterValue, ilike, MAX_PER_PAGE, paginate, parseSort } from '../lib/listing.js';
import { assertCoursesReadable, loadCourse, loadReadableCourse, maySeeAllCourses } from '../lib/course-access.js';
import { courseQuery, presentCourse } from '../lib/presenters-courses.js';
import { COVER_ASPECT, removeStoredFile, saveUploadedImage } from '../lib/images.js';
import { blankFields } from '../lib/blank-fields.js';

const SORTABLE = { name: 'courses.name', created_at: 'courses.created_at', id: 'courses.id' };

/** Video courses (SPEC §7): learners see published ones, read_courses holders see all. */
export default async function courseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const normalise = blankFields({ required: ['name', 'description'] });

  async function courseFor(userId: number, courseId: number) {
    return presentCourse(await courseQuery(app.db, userId).where('courses.id', '=', courseId).executeTakeFirstOrThrow());
  }

  app.get('/courses', { schema: { querystring: ListQuery, response: { 200: CourseListResponse } } }, async (request) => {
    const auth = authOf(request);
    assertCoursesReadable(auth);
    let query = courseQuery(app.db, auth.userId);
    if (!maySeeAllCourses(auth)) query = query.where('courses.published', '=', 1);
    const name = filterValue(request.query, 'name');
    if (name) query = query.where(ilike('courses.name', name));
    const sort = [...parseSort(request.query.sort, SORTABLE, '-created_at'), { column: 'courses.id', direction: 'asc' as const }];
    const { rows, meta } = await paginate(query, { ...request.query, per_page: request.query.per_page ?? MAX_PER_PAGE }, sort);
    return { data: rows.map(presentCourse), meta };
  });

  app.get('/courses/:courseId', { schema: { params: CourseParams, response: { 200: CourseResponse } } }, async (request) => {
    const auth = authOf(request);
    await loadReadableCourse(app.db, auth, request.params.courseId);
    return { data: await courseFor(auth.userId, request.params.courseId) };
  });

  app.post(
    '/courses',
    { schema: { body: CourseCreateBody, response: { 201: CourseResponse } }, preValidation: normalise, preHandler: app.requirePermission('create_courses') },
    async (request, reply) => {
      const { name, description, published } = request.body;
      const row = await app.db
        .insertInto('courses')
        .values({
          name: name.trim(),
          description: description.trim(),
          published: published ? 1 : 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.status(201);
      return { data: await courseFor(authOf(request).userId, row.id) };
    },
  );

  app.put(
    '/courses/:courseId',
    {
      schema: { params: CourseParams, body: CourseUpdateBody, response: { 200: CourseResponse } },
      preValidation: normalise,
      preHandler: app.requirePermission('update_courses'),
    },
    async (request) => {
      const { courseId } = request.params;
      await loadCourse(app.db, courseId);
      const { name, description, published } = request.body;
      await app.db
        .updateTable('courses')
        .set({
          name: name.trim(),
          description: description.trim(),
          ...(published === undefined ? {} : { published: published ? 1 : 0 }),
        })
        .where('id', '=', courseId)
        .execute();
      return { data: await courseFor(authOf(request).userId, courseId) };
    },
  );

  app.delete(
    '/courses/:courseId',
    { schema: { params: CourseParams, response: { 200: DeletedResponse } }, preHandler: app.requirePermission('delete_courses') },
    async (request) => {
      const course = await loadCourse(app.db, request.params.courseId);
      const modules = await app.db.selectFrom('modules').select('cover_url').where('course_id', '=', course.id).execute();
      // Modules, lessons and progress go with the course (foreign keys cascade).
      await app.db.deleteFrom('courses').where('id', '=', course.id).execute();
      for (const path of [course.cover_url, ...modules.map((m) => m.cover_url)]) {
        await removeStoredFile(app.config.storageDir, path);
      }
      return { data: { id: course.id, name: course.name } };
    },
  );

  app.post(
    '/courses/:courseId/cover',
    { schema: { params: CourseParams, response: { 200: CourseResponse } }, preHandler: app.requirePermission('update_courses') },
    async (request) => {
      const course = await loadCourse(app.db, request.params.courseId);
      const coverUrl = await saveUploadedImage(request, { field: 'cover', folder: 'courses', aspect: COVER_ASPECT });
      await app.db.updateTable('courses').set({ cover_url: coverUrl }).where('id', '=', course.id).execute();
      await removeStoredFile(app.config.storageDir, course.cover_url);
      return { data: await courseFor(authOf(request).userId, course.id) };
    },
  );
}
