import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is server/src/infra/release.ts). */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** What a release may be called: letters, digits and `._+-` (a version, a commit, a tag). */
const RELEASE = /^[\w.+-]{1,100}$/;

/**
 * The release this checkout is: PERCORSO_RELEASE when set (a deployment that builds without git
 * names it there), else package.json's version and the commit, e.g. `0.1.0+3f2a9c1d0b7e`, else the
 * version alone. The front-end build writes it into the code (vite.config.ts), so a browser's
 * error report (POST /api/client-errors) says which build failed; the metrics name it too
 * (`percorso_build_info`).
 */
export function currentRelease(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.PERCORSO_RELEASE?.trim();
  if (given) {
    if (!RELEASE.test(given))
      throw new Error(`PERCORSO_RELEASE may hold only letters, digits and ._+- (got "${given}")`);
    return given;
  }
  const { version } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return RELEASE.test(`${version}+${commit}`) ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}
