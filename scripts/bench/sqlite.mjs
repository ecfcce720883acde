// The SQLite driver for the running Node.js, as the server picks it (server/src/db/sqlite-driver.ts,
// which plain JavaScript cannot import): better-sqlite3 13 (N-API, `better-sqlite3-napi`) on Node
// 22 and later, 12 on Node 20.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** better-sqlite3's Database class. */
export const SQLite = require(nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
