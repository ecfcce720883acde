import { isAbsolute, relative, resolve } from 'node:path';

/** The file at `path` under `root`, or null when `path` would leave it (`..`, absolute paths) or is the root itself. */
export function fileUnder(root: string, path: string): string | null {
  const base = resolve(root);
  const target = resolve(base, path);
  const rel = relative(base, target);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? target : null;
}
