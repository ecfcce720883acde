import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import { ListQuery, responses } from '../../http/schemas.js';
import {
  CourseCreateBody,
  CourseListResponse,
  CourseParams,
  CourseResponse,
  CourseUpdateBody,
  DeletedResponse,
} from './schemas.js';
import { orNotFound } from '../../http/errors.js';
import { assertCoursesReadable, loadReadableCourse, maySeeAllCourses } from './access.js';
import { presentCourse } from './presenter.js';
import { COVER_ASPECT, receiveUploadedImage } from '../../infra/images.js';
import { blankFields } from '../../http/blank-fields.js';
import { editVersionOf } from '../../plugins/edit-versions.js';

/** Video courses: learners see published ones, read_courses holders see all. */
export default async function courseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const normalise = blankFields({ required: ['name', 'description'] });

  const { courses } = app.repos;
  const findCourse = async (id: number) => orNotFound(await courses.findById(id), 'course');
  const courseFor = async (userId: number, courseId: number) =>
    presentCourse(orNotFound(await courses.findForUser(courseId, userId), 'course'));

  app.get(
    '/courses',
    {
      config: { relation: 'course-lister' },
      schema: {
        description: 'All courses; mooc_access: published courses only; anyone else 403.',
        querystring: ListQuery,
        response: responses({ 200: CourseListResponse }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertCoursesReadable(auth);
      const { rows, meta } = await courses.list(request.query, {
        userId: auth.userId,
        publishedOnly: !maySeeAllCourses(auth),
      });
      return { data: rows.map(presentCourse), meta };
    },
  );

  app.get(
    '/courses/:courseId',
    {
      config: { relation: 'course-learner', editVersion: editVersionOf(CourseUpdateBody) },
      schema: { params: CourseParams, response: responses({ 200: CourseResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      await loadReadableCourse(courses, auth, request.params.courseId);
      return { data: await courseFor(auth.userId, request.params.courseId) };
    },
  );

  app.post(
    '/courses',
    {
      schema: { body: CourseCreateBody, response: responses({ 201: CourseResponse }) },
      preValidation: normalise,
      config: { permission: 'create_courses' },
    },
    async (request, reply) => {
      const { name, description, published } = request.body;
      const id = await courses.create(actorOf(request), {
        name: name.trim(),
        description: description.trim(),
        published,
      });
      reply.status(201);
      return { data: await courseFor(authOf(request).userId, id) };
    },
  );

  app.put(
    '/courses/:courseId',
    {
      schema: { params: CourseParams, body: CourseUpdateBody, response: responses({ 200: CourseResponse }) },
      preValidation: normalise,
      config: {
        permission: 'update_courses',
        editVersion: editVersionOf(CourseUpdateBody, async (request) => {
          const { courseId } = request.params as CourseParams;
          return { data: await courseFor(authOf(request).userId, (await findCourse(courseId)).id) };
        }),
      },
    },
    async (request) => {
      const { courseId } = request.params;
      await findCourse(courseId);
      const { name, description, published } = request.body;
      await courses.update(actorOf(request), courseId, {
        name: name.trim(),
        description: description.trim(),
        published,
      });
      return { data: await courseFor(authOf(request).userId, courseId) };
    },
  );

  app.delete(
    '/courses/:courseId',
    {
      schema: {
        description: 'Modules, lessons, progress and covers go with it.',
        params: CourseParams,
        response: responses({ 200: DeletedResponse }),
      },
      config: { permission: 'delete_courses' },
    },
    async (request) => {
      const course = await findCourse(request.params.courseId);
      // Modules, lessons, progress and covers go with the course.
      await courses.delete(actorOf(request), course.id);
      return { data: { id: course.id, name: course.name } };
    },
  );

  app.post(
    '/courses/:courseId/cover',
    {
      schema: { params: CourseParams, response: responses({ 200: CourseResponse }) },
      config: { permission: 'update_courses' },
    },
    async (request) => {
      const course = await findCourse(request.params.courseId);
      await courses.setCover(
        actorOf(request),
        course.id,
        await receiveUploadedImage(request, { field: 'cover', folder: 'courses', aspect: COVER_ASPECT }),
      );
      return { data: await courseFor(authOf(request).userId, course.id) };
    },
  );
}
