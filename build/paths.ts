import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A file of the repository, by its path from the root. */
export const fromRoot = (path: string): string => resolve(ROOT, path);

/** A dependency's file by its real path (node_modules may be a link), as Vite names the package's own files. */
export const installed = (path: string): string => realpathSync(resolve(ROOT, 'node_modules', path));
