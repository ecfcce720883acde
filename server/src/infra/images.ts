import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { StoredImage } from '../modules/uploads/repository.js';
import { HttpError, validationFailed } from '../http/errors.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_WIDTH = 1600;
/** Course and module covers are 16:9, as the portal's cards show them. */
export const COVER_ASPECT = 16 / 9;
/**
 * Larger images are refused from the size their header declares, before any pixel is decoded: a
 * few kilobytes of PNG or WebP can declare a hundred megapixels, which take hundreds of megabytes
 * of memory and seconds of a core to decode (a decompression bomb). 25 megapixels is more than
 * any phone camera's photo a cover or a logo comes from.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
export const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export const TOO_LARGE_MESSAGE = 'Il file è troppo grande. La dimensione massima consentita è di 5MB.';
export const NOT_AN_IMAGE_MESSAGE = "Il file deve essere un'immagine (JPEG, PNG, WebP o GIF).";
export const MISSING_FILE_MESSAGE = "Seleziona un'immagine da caricare.";
export const BROKEN_UPLOAD_MESSAGE = 'Il file non è arrivato per intero: riprova a caricarlo.';
export const TOO_MANY_PIXELS_MESSAGE =
  "L'immagine ha troppi pixel: al massimo 25 megapixel (per esempio 5000 × 5000). Riducila e riprova.";

export interface UploadOptions {
  /** The multipart field the file must come in; errors are reported under it. */
  field: 'avatar' | 'cover';
  /** The public folder the image is served from. */
  folder: UploadFolder;
  /** Width / height the stored image is centre-cropped to (16 / 9 for covers, 1 for logos). */
  aspect?: number;
}

function isMultipartError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code;
}

/** Reads the one uploaded file of the request; 422 under `field` when it is missing or too large. */
async function readUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  const fail = (message: string) => validationFailed({ [field]: [message] });
  if (!request.isMultipart()) throw fail(MISSING_FILE_MESSAGE);
  let buffer: Buffer;
  let fieldname: string;
  try {
    const part = await request.file();
    if (!part) throw fail(MISSING_FILE_MESSAGE);
    fieldname = part.fieldname;
    buffer = await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) throw fail(TOO_LARGE_MESSAGE);
    if (isMultipartError(error, 'FST_FILES_LIMIT') || isMultipartError(error, 'FST_PARTS_LIMIT')) {
      throw fail('Carica un solo file alla volta.');
    }
    // Anything else while reading the body is the body's fault: a cut-off upload, a malformed
    // multipart (no boundary, a broken part header, the end missing).
    request.log.info({ err: error }, 'unreadable multipart body');
    throw fail(BROKEN_UPLOAD_MESSAGE);
  }
  if (fieldname !== field) throw fail(MISSING_FILE_MESSAGE);
  if (buffer.length > MAX_IMAGE_BYTES) throw fail(TOO_LARGE_MESSAGE);
  if (buffer.length === 0) throw fail(MISSING_FILE_MESSAGE);
  return buffer;
}

/** Centre crop to `aspect` and a width of at most MAX_IMAGE_WIDTH, from the upright size. */
export function targetSize(width: number, height: number, aspect?: number): { width: number; height: number } {
  let w = width;
  let h = height;
  if (aspect && aspect > 0) {
    if (w / h > aspect) w = Math.round(h * aspect);
    else h = Math.round(w / aspect);
  }
  if (w > MAX_IMAGE_WIDTH) {
    h = Math.round((h * MAX_IMAGE_WIDTH) / w);
    w = MAX_IMAGE_WIDTH;
  }
  return { width: Math.max(1, w), height: Math.max(1, h) };
}

/** Thrown when the header declares more than MAX_INPUT_PIXELS. */
class TooManyPixels extends Error {}

/**
 * Decodes, turns upright by EXIF, crops, resizes and re-encodes as WebP without metadata. The size
 * comes first from the header alone (`metadata()` decodes no pixel): over MAX_INPUT_PIXELS the
 * image is refused there, and sharp's own limit stops a decoder that finds more than declared.
 */
async function reencode(buffer: Buffer, aspect?: number): Promise<Buffer> {
  const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (!upright.width || !upright.height) throw new Error('image without dimensions');
  if (upright.width * upright.height > MAX_INPUT_PIXELS) throw new TooManyPixels();
  const size = targetSize(upright.width, upright.height, aspect);
  return sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ ...size, fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

/** The strong entity tag of an image's bytes. */
export function imageEtag(data: Buffer): string {
  return `"${createHash('sha256').update(data).digest('base64url')}"`;
}

/**
 * Reads the image uploaded in `opts.field` and answers it re-encoded, under a new random public
 * path `/storage/<folder>/<name>.webp`, for a repository to store with the record pointing at it.
 * Images only, recognised by content (JPEG, PNG, WebP, GIF, AVIF; SVG refused), at most 5 MB and
 * 25 megapixels;
 * every failure is a 422 with an Italian message under `opts.field`.
 */
export async function receiveUploadedImage(request: FastifyRequest, opts: UploadOptions): Promise<StoredImage> {
  const buffer = await readUpload(request, opts.field);
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ACCEPTED_MIME.has(type.mime)) {
    throw validationFailed({ [opts.field]: [NOT_AN_IMAGE_MESSAGE] });
  }
  let data: Buffer;
  try {
    data = await reencode(buffer, opts.aspect);
  } catch (error) {
    throw validationFailed({
      [opts.field]: [error instanceof TooManyPixels ? TOO_MANY_PIXELS_MESSAGE : NOT_AN_IMAGE_MESSAGE],
    });
  }
  // A new name for every upload: the bytes behind a path never change, so they can be cached for good.
  const name = `${randomBytes(16).toString('hex')}.webp`;
  return { path: `/storage/${opts.folder}/${name}`, contentType: 'image/webp', etag: imageEtag(data), data };
}

/** The folders uploaded images are served from: /storage/<folder>/<name>. */
export const UPLOAD_FOLDERS = ['teams', 'courses', 'modules'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** Whether a /storage/ path is one of the uploaded images' (served from the database, never from disk). */
export function isUploadPath(publicPath: string): boolean {
  return UPLOAD_FOLDERS.some((folder) => publicPath.startsWith(`/storage/${folder}/`));
}
