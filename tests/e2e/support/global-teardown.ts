import { rmSync } from 'node:fs';
import { RUN_DIR_ENV } from './server';

export default function globalTeardown(): void {
  const runDir = process.env[RUN_DIR_ENV];
  // KEEP_E2E_DATA=1 keeps the databases and server logs for a post-mortem.
  if (runDir && !process.env.KEEP_E2E_DATA) rmSync(runDir, { recursive: true, force: true });
}
