import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadsRepository } from './repository.js';
import { ACCEPTED_MIME, imageEtag, isUploadPath } from '../../infra/images.js';
import { fileUnder } from '../../infra/storage-paths.js';

export interface LegacyImport {
  /** Paths stored in the database from their file. */
  imported: string[];
  /** Paths a record points at with neither a stored image nor a readable image file. */
  missing: string[];
}

/**
 * Before migration 011, uploaded images were files in STORAGE_DIR. Every image a record points at
 * that the database does not hold yet is read from there and stored under the same path, so the
 * record keeps working; the files are left where they are. Runs at every start: after the first
 * one it finds nothing to do, and hosts that start together store each image once.
 */
export async function importLegacyUploads(
  storageDir: string,
  uploads: Pick<UploadsRepository, 'referencedWithoutImage' | 'importImage'>,
): Promise<LegacyImport> {
  const result: LegacyImport = { imported: [], missing: [] };
  for (const path of await uploads.referencedWithoutImage()) {
    if (!isUploadPath(path)) continue;
    const file = fileUnder(storageDir, path.slice('/storage/'.length));
    const data = file ? await readFile(file).catch(() => null) : null;
    const type = data ? await fileTypeFromBuffer(data) : undefined;
    if (!data || !type || !ACCEPTED_MIME.has(type.mime)) {
      result.missing.push(path);
      continue;
    }
    await uploads.importImage({ path, contentType: type.mime, etag: imageEtag(data), data });
    result.imported.push(path);
  }
  return result;
}
