import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import { ListQuery, responses } from '../../http/schemas.js';
import { CourseParams, DeletedResponse } from '../courses/schemas.js';
import { ModuleBody, ModuleListResponse, ModuleMoveResponse, ModuleParams, ModuleResponse } from './schemas.js';
import { MoveBody } from '../positions/schemas.js';
import { editVersionOf } from '../../plugins/edit-versions.js';
import { orNotFound } from '../../http/errors.js';
import { loadReadableCourse } from '../courses/access.js';
import { presentModule } from './presenter.js';
import { COVER_ASPECT, receiveUploadedImage } from '../../infra/images.js';
import { blankFields } from '../../http/blank-fields.js';
import { checkBody } from '../../http/body-rules.js';
import { positionTakenMessage, swappedOrRefused, writeAtPosition } from '../positions/move.js';

/** Modules of a course; reading follows the course's rule, writing needs the catalogue's module permissions. */
export default async function moduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const normalise = blankFields({ required: ['position', 'name'], optional: ['description'] });

  const { courses, modules } = app.repos;
  const findModule = async (courseId: number, moduleId: number) =>
    orNotFound(await modules.findInCourse(courseId, moduleId), 'module');
  const moduleFor = async (userId: number, moduleId: number) =>
    presentModule(orNotFound(await modules.findForUser(moduleId, userId), 'module'));
  /** Who else holds `position` in the course, as a refusal names them; undefined when free. */
  const moduleAt = async (courseId: number, position: number, exceptId?: number) => {
    const holder = await modules.atPosition(courseId, position, exceptId);
    return holder && `dal modulo «${holder.name}»`;
  };
  /** A place in the course's order no other module holds. */
  const moduleRules = checkBody<ModuleBody>(async (body, errors, request) => {
    const { courseId, moduleId } = request.params as ModuleParams;
    // A missing course or module is a 404 before anything is said about the body.
    if (moduleId === undefined) orNotFound(await courses.findById(courseId), 'course');
    else await findModule(courseId, moduleId);
    const position = body.get('position');
    const taken = position !== undefined ? await moduleAt(courseId, position, moduleId) : undefined;
    if (taken) errors.add('position', positionTakenMessage(position!, taken));
  });

  app.get(
    '/courses/:courseId/modules',
    {
      config: { relation: 'course-learner' },
      schema: { params: CourseParams, querystring: ListQuery, response: responses({ 200: ModuleListResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const course = await loadReadableCourse(courses, auth, request.params.courseId);
      const { rows, meta } = await modules.list(course.id, request.query, auth.userId);
      return { data: rows.map(presentModule), meta };
    },
  );

  app.get(
    '/courses/:courseId/modules/:moduleId',
    {
      config: { relation: 'course-learner', editVersion: editVersionOf(ModuleBody) },
      schema: { params: ModuleParams, response: responses({ 200: ModuleResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const course = await loadReadableCourse(courses, auth, request.params.courseId);
      const module = await findModule(course.id, request.params.moduleId);
      return { data: await moduleFor(auth.userId, module.id) };
    },
  );

  app.post(
    '/courses/:courseId/modules',
    {
      schema: {
        description:
          'A `position` another module of the course holds is 422 under the field (a unique index keeps it so when two saves meet).',
        params: CourseParams,
        body: ModuleBody,
        response: responses({ 201: ModuleResponse }),
      },
      preValidation: normalise,
      config: { permission: 'create_modules' },
      preHandler: moduleRules,
    },
    async (request, reply) => {
      const course = orNotFound(await courses.findById(request.params.courseId), 'course');
      const { position, name, description } = request.body;
      const id = await writeAtPosition(
        position,
        () =>
          modules.create(actorOf(request), course.id, {
            position,
            name: name.trim(),
            description: description?.trim() || null,
          }),
        async () => (await moduleAt(course.id, position)) ?? 'da un altro modulo',
      );
      reply.status(201);
      return { data: await moduleFor(authOf(request).userId, id) };
    },
  );

  app.put(
    '/courses/:courseId/modules/:moduleId',
    {
      schema: { params: ModuleParams, body: ModuleBody, response: responses({ 200: ModuleResponse }) },
      preValidation: normalise,
      preHandler: moduleRules,
      config: {
        permission: 'update_lesosns',
        editVersion: editVersionOf(ModuleBody, async (request) => {
          const { courseId, moduleId } = request.params as ModuleParams;
          return { data: await moduleFor(authOf(request).userId, (await findModule(courseId, moduleId)).id) };
        }),
      },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      const { position, name, description } = request.body;
      await writeAtPosition(
        position,
        () =>
          modules.update(actorOf(request), module.id, {
            position,
            name: name.trim(),
            description: description?.trim() || null,
          }),
        async () => (await moduleAt(module.course_id, position)) ?? 'da un altro modulo',
      );
      return { data: await moduleFor(authOf(request).userId, module.id) };
    },
  );

  app.delete(
    '/courses/:courseId/modules/:moduleId',
    {
      schema: { params: ModuleParams, response: responses({ 200: DeletedResponse }) },
      config: { permission: 'delete_courses' },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      // Lessons, their progress and the cover go with the module.
      await modules.delete(actorOf(request), module.id);
      return { data: { id: module.id, name: module.name } };
    },
  );

  app.post(
    '/courses/:courseId/modules/:moduleId/cover',
    {
      schema: { params: ModuleParams, response: responses({ 200: ModuleResponse }) },
      config: { permission: 'update_lesosns' },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      await modules.setCover(
        actorOf(request),
        module.id,
        await receiveUploadedImage(request, { field: 'cover', folder: 'modules', aspect: COVER_ASPECT }),
      );
      return { data: await moduleFor(authOf(request).userId, module.id) };
    },
  );

  /** Swaps the module with its neighbour in the course's order: the same permission and checks as the PUT. */
  app.post(
    '/courses/:courseId/modules/:moduleId/move',
    {
      schema: {
        description:
          'As the PUT; body `{direction: "earlier"|"later"}` swaps the module\'s position with the nearest module before or after it (positions may have gaps), in one transaction, both changes audited; answers the two modules, the moved one first. 422 at the first or last place, 404 as the PUT, 409 when another write changed the order at the same moment. On PostgreSQL a move, a save (PUT) and a creation (POST) in one course\'s order, or one module\'s, run one after another (a lock on the course or module row).',
        params: ModuleParams,
        body: MoveBody,
        response: responses({ 200: ModuleMoveResponse }),
      },
      config: { permission: 'update_lesosns' },
    },
    async (request) => {
      const module = await findModule(request.params.courseId, request.params.moduleId);
      const { direction } = request.body;
      const ids = swappedOrRefused(
        await modules.move(actorOf(request), module.course_id, module.id, direction),
        'module',
        direction,
      );
      const userId = authOf(request).userId;
      return { data: await Promise.all(ids.map((id) => moduleFor(userId, id))) };
    },
  );
}
