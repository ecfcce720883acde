import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for the running Node.js. better-sqlite3 12 is built on Node's internal
 * ObjectWrap: on Node 24 its statements can be finalised after Node has torn down its
 * environment, and the process aborts (`Assertion failed: (env) != nullptr`), at exit or in the
 * middle of a garbage collection. Version 13 is built on N-API and ships its own binaries, but
 * those crash on Node 20. So Node 22 and later load 13 (installed as `better-sqlite3-napi`),
 * Node 20 loads 12; the API Percorso uses is the same in both.
 */
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

export const sqliteDriverPackage = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const SQLite = require(sqliteDriverPackage) as typeof BetterSqlite3;
/** Where that driver is, for a worker thread to load the same one. */
export const sqliteDriverPath = require.resolve(sqliteDriverPackage);
export type SQLiteDatabase = BetterSqlite3.Database;
