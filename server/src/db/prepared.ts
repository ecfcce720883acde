import { createQueryId, type CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import { runtimeOf, type Db } from './index.js';

/** Stands in for one value while a query is built; replaced by the real value on every run. */
class Slot {
  constructor(
    readonly arg: number,
    readonly item: number | null,
  ) {}
}

/** A value, or a list whose length is part of the query's shape (an `in (…)` list). */
type SlotValue = unknown;

interface Shape {
  compiled: CompiledQuery;
  /** Each parameter of the compiled SQL: a slot to fill, or a value fixed at build time. */
  parameters: unknown[];
}

/** How many shapes one prepared query keeps (an `in` list of every length is a shape of its own). */
const MAX_SHAPES = 200;

/**
 * A query built once per shape: `build` receives stand-ins for its arguments (an array argument:
 * one stand-in per item, so its length is part of the shape) and must pass them to Kysely as values
 * (where, set, limit, offset), never compute with them. Answers, for each run's arguments, the
 * compiled query with their values and a query id of its own.
 */
function shapedQuery<Args extends SlotValue[], Row>(
  build: (...args: Args) => Compilable<Row>,
  kinds: readonly string[],
): (args: Args) => CompiledQuery<Row> {
  const shapes = new Map<string, Shape>();

  function shapeOf(args: Args): Shape {
    let key = '';
    for (const arg of args) key += Array.isArray(arg) ? `${arg.length},` : '.,';
    let shape = shapes.get(key);
    if (shape) return shape;
    const stand = args.map((arg, i) =>
      Array.isArray(arg) ? arg.map((_, j) => new Slot(i, j)) : new Slot(i, null),
    ) as Args;
    const compiled = build(...stand).compile();
    if (!kinds.includes(compiled.query.kind))
      throw new Error(`prepared query: ${compiled.query.kind} is not one of ${kinds.join(', ')}`);
    shape = { compiled, parameters: [...compiled.parameters] };
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, shape);
    return shape;
  }

  return (args) => {
    const { compiled, parameters } = shapeOf(args);
    const values = parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      const arg = args[p.arg];
      return p.item === null ? arg : (arg as unknown[])[p.item];
    });
    return { ...compiled, parameters: values, queryId: createQueryId() } as CompiledQuery<Row>;
  };
}

/**
 * A read built with Kysely and compiled to SQL once per shape, then run with new values: building
 * the operation tree and compiling it costs about as much as running a short query, and the list
 * routes run four or five of them per request. Only selects: plugins that look at the query tree
 * (the write tracker, the search rewrite) saw it once, when it was built. On SQLite, outside a
 * transaction, the statement runs at once (DbRuntime.readNow).
 */
export function preparedSelect<Args extends SlotValue[], Row>(
  db: Db,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const queryOf = shapedQuery(build, ['SelectQueryNode']);
  // The database's own runtime (a transaction has none: its reads go through Kysely).
  const runtime = runtimeOf(db);
  return async (...args: Args) => {
    const query = queryOf(args);
    const now = runtime?.readNow(query.sql, query.parameters);
    if (now) return now as Row[];
    return (await db.executeQuery<Row>(query)).rows;
  };
}

/**
 * An insert, update or delete compiled once per shape (see preparedSelect), for a write that runs
 * on every request of a busy route. Each run still passes through the plugins as a built query
 * would (the write tracker counts the write, before and after it), through Kysely's executor.
 */
export function preparedWrite<Args extends SlotValue[]>(
  db: Db,
  build: (...args: Args) => Compilable<unknown>,
): (...args: Args) => Promise<QueryResult<unknown>> {
  const queryOf = shapedQuery(build, ['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);
  const executor = db.getExecutor();
  return async (...args: Args) => {
    const query = queryOf(args);
    // A plugin that rewrote the tree would make the compiled SQL stale: none rewrites writes today.
    if (executor.transformQuery(query.query, query.queryId) !== query.query)
      throw new Error('preparedWrite: a plugin rewrote the query');
    return db.executeQuery(query);
  };
}

/**
 * preparedSelect for a query that any database or transaction may run: one prepared query per
 * Kysely instance (a transaction is one of its own and must run its queries itself).
 */
export function preparedSelectOn<Args extends SlotValue[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const byDatabase = new WeakMap<Db, (...args: Args) => Promise<Row[]>>();
  return (db, ...args) => {
    let run = byDatabase.get(db);
    if (!run) {
      run = preparedSelect(db, (...stand: Args) => build(db, ...stand));
      byDatabase.set(db, run);
    }
    return run(...args);
  };
}

/** preparedWrite for a write that any database or transaction may run (see preparedSelectOn). */
export function preparedWriteOn<Args extends SlotValue[]>(
  build: (db: Db, ...args: Args) => Compilable<unknown>,
): (db: Db, ...args: Args) => Promise<QueryResult<unknown>> {
  const byDatabase = new WeakMap<Db, (...args: Args) => Promise<QueryResult<unknown>>>();
  return (db, ...args) => {
    let run = byDatabase.get(db);
    if (!run) {
      run = preparedWrite(db, (...stand: Args) => build(db, ...stand));
      byDatabase.set(db, run);
    }
    return run(...args);
  };
}
