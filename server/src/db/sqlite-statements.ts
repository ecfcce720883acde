import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared (IN lists of every length each make their own text). */
const STATEMENT_CACHE_SIZE = 2000;

type Row = Record<string, unknown>;
type RowBuilder = (values: unknown[]) => Row;

/**
 * A function that turns one row's values, in column order, into the object the driver would give:
 * an object literal with the statement's column names as keys (a later column of the same name
 * wins, as in the driver). better-sqlite3 builds each row object property by property, which on a
 * page of fifteen people took as long as reading them; its values as an array and a literal of a
 * fixed shape cost half. Null when a name cannot be a literal's plain key (`__proto__` would set
 * the prototype): that statement keeps the driver's objects.
 */
export function rowBuilder(columns: readonly string[]): RowBuilder | null {
  if (columns.includes('__proto__')) return null;
  const properties = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  // The keys are JSON string literals of the statement's own column names, never data.
  return new Function('values', `return { ${properties} };`) as RowBuilder;
}

/** A prepared statement as Kysely's SQLite driver uses it, answering its rows through rowBuilder. */
export class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #build: RowBuilder | null;

  constructor(readonly statement: BetterSqlite3.Statement) {
    this.reader = statement.reader;
    this.#build = statement.reader ? rowBuilder(statement.columns().map((c) => c.name)) : null;
    if (this.#build) statement.raw(true);
  }

  /** Still being iterated (a streamed query): it cannot run again until that ends. */
  get busy(): boolean {
    return this.statement.busy;
  }

  all(parameters: readonly unknown[]): unknown[] {
    const rows = this.statement.all(parameters) as unknown[];
    const build = this.#build;
    if (build) for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
    return rows;
  }

  run(parameters: readonly unknown[]): BetterSqlite3.RunResult {
    return this.statement.run(parameters);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    const build = this.#build;
    for (const values of this.statement.iterate(parameters) as IterableIterator<unknown[]>)
      yield build ? build(values) : values;
  }
}

/**
 * Prepared statements reused by SQL text: Kysely's driver prepares every query again, which costs
 * more than running most of ours.
 */
export function statementCache(sqlite: BetterSqlite3.Database): (text: string) => CachedStatement {
  const statements = new Map<string, CachedStatement>();
  return (text) => {
    let statement = statements.get(text);
    if (statement && !statement.busy) return statement;
    statement = new CachedStatement(sqlite.prepare(text));
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    statements.set(text, statement);
    return statement;
  };
}
