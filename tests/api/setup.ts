import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/*
 * Every temporary folder an API test file makes (databases, storage, logs, keys — through
 * os.tmpdir(), in this process or in the servers it starts) lands in one folder of its own, removed
 * when the file ends: nothing is left behind in the system's temp folder.
 */
const systemTmp = process.env.TMPDIR;
const fileTmp = mkdtempSync(join(tmpdir(), 'percorso-api-test-'));
process.env.TMPDIR = fileTmp;

afterAll(() => {
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  rmSync(fileTmp, { recursive: true, force: true });
});
