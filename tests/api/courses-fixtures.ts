import sharp from 'sharp';
import type { Db } from '../../server/src/db/index.js';
import type { App } from '../../server/src/app.js';

/** Fixtures shared by the courses, modules, lessons, progress and images API tests. */

export const COURSE_ADMIN = [
  'read_courses',
  'create_courses',
  'update_courses',
  'delete_courses',
  'create_modules',
  'create_lessons',
  'update_lesosns',
];

export async function insertCourse(
  db: Db,
  values: { name?: string; published?: boolean; cover_url?: string | null } = {},
) {
  const row = await db
    .insertInto('courses')
    .values({
      name: values.name ?? 'Corso di prova',
      description: 'Descrizione del corso',
      published: values.published === false ? 0 : 1,
      cover_url: values.cover_url ?? null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The place after the last one of the parent: one module per place in a course, one lesson per place in a module. */
async function nextPosition(
  db: Db,
  table: 'modules' | 'lessons',
  parent: 'course_id' | 'module_id',
  parentId: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where(parent, '=', parentId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** A module at `position`, by default after the course's last one. */
export async function insertModule(db: Db, courseId: number, values: { name?: string; position?: number } = {}) {
  const row = await db
    .insertInto('modules')
    .values({
      course_id: courseId,
      name: values.name ?? 'Modulo',
      description: null,
      position: values.position ?? (await nextPosition(db, 'modules', 'course_id', courseId)),
      cover_url: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A lesson at `position`, by default after the module's last one. */
export async function insertLesson(
  db: Db,
  moduleId: number,
  values: { name?: string; position?: number; video_length?: number | null; video_url?: string } = {},
) {
  const row = await db
    .insertInto('lessons')
    .values({
      module_id: moduleId,
      name: values.name ?? 'Lezione',
      position: values.position ?? (await nextPosition(db, 'lessons', 'module_id', moduleId)),
      video_url: values.video_url ?? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      description: null,
      video_length: values.video_length === undefined ? 60 : values.video_length,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markCompleted(db: Db, userId: number, lessonId: number) {
  await db
    .insertInto('lesson_progress')
    .values({
      user_id: userId,
      lesson_id: lessonId,
      position: 60,
      watched: '[[0,60]]',
      covered_seconds: 60,
      completed: 1,
      last_sync_ms: 1,
      version: 0,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

/** A multipart body as a browser would send it (FormData serialised by fetch's Request). */
export async function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('data' in part)
      form.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type }), part.filename);
    else form.append(part.name, part.value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A cover upload with `_method=PUT`, like the admin's crop dialog. */
export function coverUpload(data: Buffer, filename = 'cover.png', type = 'image/png', field = 'cover') {
  return multipart([
    { name: '_method', value: 'PUT' },
    { name: field, filename, type, data },
  ]);
}

/** POST of a cover upload to `url` as the caller with `auth` headers. */
export async function postCover(
  app: App,
  url: string,
  auth: Record<string, string>,
  data: Buffer,
  file: { filename?: string; type?: string; field?: string } = {},
) {
  const { payload, headers } = await coverUpload(data, file.filename, file.type, file.field);
  return app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
}

/** The status GET answers for an uploaded image's public path (200 while it is stored, 404 once removed). */
export async function imageStatus(app: App, path: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: path })).statusCode;
}

export function png(width = 320, height = 180, exif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (exif ? image.withExif({ IFD0: { Copyright: 'Segreto aziendale', Artist: 'Mario Rossi' } }) : image)
    .png()
    .toBuffer();
}
