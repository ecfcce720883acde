/**
 * What reading settings from the environment shares: the error a wrong setting stops the start
 * with, and the parsers both config.ts and the attendance settings use.
 */
export class ConfigError extends Error {}

/** An http(s) URL, without trailing slashes; a ConfigError naming `key` otherwise. */
export function httpUrl(key: string, raw: string): string {
  try {
    const parsed = new URL(raw);
    if (!/^https?:$/.test(parsed.protocol)) throw new Error();
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}
