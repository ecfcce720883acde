import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_FOLDERS } from '../infra/images.js';
import { importLegacyUploads } from '../modules/uploads/legacy-uploads.js';
import { Type } from 'typebox';
import { ErrorBody } from '../http/schemas.js';

/** How old an image no record points at must be before the start-up sweep removes it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export const IMAGE_NOT_FOUND_MESSAGE = 'Immagine non trovata.';

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for this header). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * /storage/teams/, /storage/courses/ and /storage/modules/: the uploaded images, from the
 * database. A path's bytes never change (each upload gets a new name), so browsers may keep them
 * for a year without asking again. At start, images of an older install are imported from
 * STORAGE_DIR, and images no record points at any more are removed.
 */
export default async function uploadedImages(app: FastifyInstance): Promise<void> {
  const { uploads } = app.repos;

  app.addHook('onReady', async () => {
    try {
      const { imported, missing } = await importLegacyUploads(app.config.storageDir, uploads);
      if (imported.length)
        app.log.info(`imported ${imported.length} uploaded image(s) from STORAGE_DIR into the database`);
      if (missing.length)
        app.log.warn(
          { paths: missing },
          `${missing.length} image(s) records point at exist neither in the database nor in STORAGE_DIR`,
        );
    } catch (error) {
      app.log.warn({ err: error }, 'could not import the uploaded images of STORAGE_DIR');
    }
    try {
      const removed = await uploads.removeOrphans(new Date(app.now() - ORPHAN_GRACE_MS).toISOString());
      if (removed.length) app.log.info(`removed ${removed.length} uploaded image(s) no record points at`);
    } catch (error) {
      app.log.warn({ err: error }, 'could not look for orphan uploads');
    }
  });

  async function serve(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply, folder: string) {
    const name = request.params['*'];
    // No stored name has a slash, and PostgreSQL refuses NUL in text: such a name is simply unknown.
    const possible = name.length > 0 && name.length <= 150 && !/[/\\]/.test(name) && !name.includes('\0');
    const image = possible ? await uploads.find(`/storage/${folder}/${name}`) : undefined;
    if (!image) return reply.status(404).send({ message: IMAGE_NOT_FOUND_MESSAGE });
    reply.header('etag', image.etag).header('cache-control', 'public, max-age=31536000, immutable');
    if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.status(304).send();
    return reply.type(image.content_type).send(image.data);
  }

  // A wildcard rather than a parameter: no name is too long or too deep to get this route's 404.
  for (const folder of UPLOAD_FOLDERS) {
    app.get<{ Params: { '*': string } }>(
      `/storage/${folder}/*`,
      {
        config: { public: true },
        schema: {
          description: 'An uploaded image by the path an API answer gave; `If-None-Match` with its ETag answers 304.',
          params: Type.Object({ '*': Type.String({ description: 'The file name' }) }),
          produces: ['image/jpeg', 'image/png', 'image/webp'],
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The image' }),
            304: Type.Null({ description: 'Not modified' }),
            404: ErrorBody,
          },
        },
      },
      (request, reply) => serve(request, reply, folder),
    );
  }
}
