import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { validationFailed } from './errors.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_WIDTH = 1600;
/** Course and module covers are 16:9, as the portal's cards show them. */
export const COVER_ASPECT = 16 / 9;
/** Larger inputs are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;
const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export const TOO_LARGE_MESSAGE = 'Il file è troppo grande. La dimensione massima consentita è di 5MB.';
export const NOT_AN_IMAGE_MESSAGE = "Il file deve essere un'immagine (JPEG, PNG, WebP o GIF).";
export const MISSING_FILE_MESSAGE = "Seleziona un'immagine da caricare.";

export interface UploadOptions {
  /** The multipart field the file must come in; errors are reported under it. */
  field: 'avatar' | 'cover';
  /** Sub-folder of the storage directory, e.g. "courses". */
  folder: string;
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
    if (isMultipartError(error, 'FST_REQ_FILE_TOO_LARGE')) throw fail(TOO_LARGE_MESSAGE);
    if (isMultipartError(error, 'FST_FILES_LIMIT') || isMultipartError(error, 'FST_PARTS_LIMIT')) {
      throw fail("Carica un solo file alla volta.");
    }
    throw error;
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

/** Decodes, turns upright by EXIF, crops, resizes and re-encodes as WebP without metadata. */
async function reencode(buffer: Buffer, aspect?: number): Promise<Buffer> {
  const meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (!upright.width || !upright.height) throw new Error('image without dimensions');
  const size = targetSize(upright.width, upright.height, aspect);
  return sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ ...size, fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * Stores the image uploaded in `opts.field` and returns its public path `/storage/<folder>/<name>.webp`.
 * Images only, recognised by content (JPEG, PNG, WebP, GIF, AVIF; SVG refused), at most 5 MB;
 * every failure is a 422 with an Italian message under `opts.field`.
 */
export async function saveUploadedImage(request: FastifyRequest, opts: UploadOptions): Promise<string> {
  const buffer = await readUpload(request, opts.field);
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ACCEPTED_MIME.has(type.mime)) {
    throw validationFailed({ [opts.field]: [NOT_AN_IMAGE_MESSAGE] });
  }
  let output: Buffer;
  try {
    output = await reencode(buffer, opts.aspect);
  } catch {
    throw validationFailed({ [opts.field]: [NOT_AN_IMAGE_MESSAGE] });
  }
  const folder = opts.folder.replace(/[^a-z0-9_-]/gi, '');
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const dir = join(request.server.config.storageDir, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), output);
  return `/storage/${folder}/${name}`;
}

/** Best-effort removal of a file stored by saveUploadedImage; paths outside storage are ignored. */
export async function removeStoredFile(storageDir: string, publicPath: string | null | undefined): Promise<void> {
  if (!publicPath || !publicPath.startsWith('/storage/')) return;
  const root = resolve(storageDir);
  const target = resolve(root, publicPath.slice('/storage/'.length));
  const rel = relative(root, target);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return;
  await unlink(target).catch(() => undefined);
}

/** The folders uploads are stored in, under the storage directory. */
export const UPLOAD_FOLDERS = ['teams', 'courses', 'modules'] as const;

/**
 * Removes uploaded images no record points at any more: left by a crash between storing a file
 * and saving the record, or by a failed removal. Files younger than `graceMs` are kept, as an
 * upload may be between those two steps right now. Answers the public paths it removed.
 */
export async function removeOrphanUploads(storageDir: string, referenced: Set<string>, nowMs: number, graceMs = 60 * 60 * 1000): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    const names = await readdir(join(storageDir, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const publicPath = `/storage/${folder}/${name}`;
      if (referenced.has(publicPath)) continue;
      const file = join(storageDir, folder, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || nowMs - info.mtimeMs < graceMs) continue;
      await unlink(file).catch(() => undefined);
      removed.push(publicPath);
    }
  }
  return removed;
}
