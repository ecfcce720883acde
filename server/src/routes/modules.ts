import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/auth.js';
import { ListQuery } from '../schemas/common.js';
import { CourseParams, DeletedResponse } from '../schemas/course.js';
import { ModuleBody, ModuleListResponse, ModuleParams, ModuleResponse } from '../schemas/module.js';
import { filterValue, ilike, MAX_PER_PAGE, paginate, parseSort } from '../lib/listing.js';
import { loadCourse, loadModule, loadReadableCourse } from '../lib/course-access.js';
import { moduleQuery, presentModule } from '../lib/presenters-courses.js';
import { COVER_ASPECT, removeStoredFile, saveUploadedImage } from '../lib/images.js';
import { blankFields } from '../lib/blank-fields.js';

const SORTABLE = { position: 'modules.position', name: 'modules.name', id: 'modules.id' };

/** Modules of a course (SPEC §7); reading follows the course's rule, writing needs the §6 permissions. */
export default async function moduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const normalise = blankFields({ required: ['position', 'name'], optional: ['description'] });

  async function moduleFor(userId: number, moduleId: number) {
    return presentModule(await moduleQuery(app.db, userId).where('modules.id', '=', moduleId).executeTakeFirstOrThrow());
  }

  app.get('/courses/:courseId/modules', { schema: { params: CourseParams, querystring: ListQuery, response: { 200: ModuleListResponse } } }, async (request) => {
    const auth = authOf(request);
    const course = await loadReadableCourse(app.db, auth, request.params.courseId);
    let query = moduleQuery(app.db, auth.userId).where('modules.course_id', '=', course.id);
    const name = filterValue(request.query, 'name');
    if (name) query = query.where(ilike('modules.name', name));
    const sort = [...parseSort(request.query.sort, SORTABLE, 'position'), { column: 'modules.id', direction: 'asc' as const }];
    const { rows, meta } = await paginate(query, { ...request.query, per_page: request.query.per_page ?? MAX_PER_PAGE }, sort);
    return { data: rows.map(presentModule), meta };
  });

  app.get('/courses/:courseId/modules/:moduleId', { schema: { params: ModuleParams, response: { 200: ModuleResponse } } }, async (request) => {
    const auth = authOf(request);
    const course = await loadReadableCourse(app.db, auth, request.params.courseId);
    const module = await loadModule(app.db, course.id, request.params.moduleId);
    return { data: await moduleFor(auth.userId, module.id) };
  });

  app.post(
    '/courses/:courseId/modules',
    {
      schema: { params: CourseParams, body: ModuleBody, response: { 201: ModuleResponse } },
      preValidation: normalise,
      preHandler: app.requirePermission('create_modules'),
    },
    async (request, reply) => {
      const course = await loadCourse(app.db, request.params.courseId);
      const { position, name, description } = request.body;
      const row = await app.db
        .insertInto('modules')
        .values({
          course_id: course.id,
          position,
          name: name.trim(),
          description: description?.trim() || null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.status(201);
      return { data: await moduleFor(authOf(request).userId, row.id) };
    },
  );

  app.put(
    '/courses/:courseId/modules/:moduleId',
    {
      schema: { params: ModuleParams, body: ModuleBody, response: { 200: ModuleResponse } },
      preValidation: normalise,
      preHandler: app.requirePermission('update_lesosns'),
    },
    async (request) => {
      const module = await loadModule(app.db, request.params.courseId, request.params.moduleId);
      const { position, name, description } = request.body;
      await app.db
        .updateTable('modules')
        .set({ position, name: name.trim(), description: description?.trim() || null })
        .where('id', '=', module.id)
        .execute();
      return { data: await moduleFor(authOf(request).userId, module.id) };
    },
  );

  app.delete(
    '/courses/:courseId/modules/:moduleId',
    { schema: { params: ModuleParams, response: { 200: DeletedResponse } }, preHandler: app.requirePermission('delete_courses') },
    async (request) => {
      const module = await loadModule(app.db, request.params.courseId, request.params.moduleId);
      // Lessons and their progress go with the module (foreign keys cascade).
      await app.db.deleteFrom('modules').where('id', '=', module.id).execute();
      await removeStoredFile(app.config.storageDir, module.cover_url);
      return { data: { id: module.id, name: module.name } };
    },
  );

  app.post(
    '/courses/:courseId/modules/:moduleId/cover',
    { schema: { params: ModuleParams, response: { 200: ModuleResponse } }, preHandler: app.requirePermission('update_lesosns') },
    async (request) => {
      const module = await loadModule(app.db, request.params.courseId, request.params.moduleId);
      const coverUrl = await saveUploadedImage(request, { field: 'cover', folder: 'modules', aspect: COVER_ASPECT });
      await app.db.updateTable('modules').set({ cover_url: coverUrl }).where('id', '=', module.id).execute();
      await removeStoredFile(app.config.storageDir, module.cover_url);
      return { data: await moduleFor(authOf(request).userId, module.id) };
    },
  );
}
