import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Statements that never change data (raw SQL is otherwise assumed to write anything). */
const READ_ONLY_RAW = /^\s*(select|pragma|explain|begin|commit|rollback|savepoint|release|show|set)\b/i;

/** Tables the database's own triggers write when a table is written (migration 016: member counts). */
const TRIGGERED_WRITES = new Map<string, readonly string[]>([['team_members', ['teams']]]);

/** null: reads nothing to track; 'unknown': may write any table; otherwise the tables written. */
type Written = null | 'unknown' | string[];

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return null;
}

function writtenTables(node: RootOperationNode): Written {
  switch (node.kind) {
    case 'SelectQueryNode':
      return null;
    case 'InsertQueryNode':
    case 'MergeQueryNode': {
      const name = tableName((node as unknown as { into?: OperationNode }).into);
      return name ? [name] : 'unknown';
    }
    case 'UpdateQueryNode': {
      const name = tableName((node as unknown as { table?: OperationNode }).table);
      return name ? [name] : 'unknown';
    }
    case 'DeleteQueryNode': {
      const names = (node as unknown as { from: { froms: OperationNode[] } }).from.froms.map(tableName);
      return names.every((n): n is string => n !== null) ? names : 'unknown';
    }
    case 'RawNode':
      return READ_ONLY_RAW.test((node as unknown as { sqlFragments: string[] }).sqlFragments.join(''))
        ? null
        : 'unknown';
    default:
      // Schema changes and anything new: assume every table may have changed.
      return 'unknown';
  }
}

/**
 * Counts the writes this process makes, per table, as a Kysely plugin: every query built on the
 * Kysely instance (and its transactions) passes through it, whatever code issues it. In-process
 * caches tag what they load with `versionOf(tables)` and drop it once the number moves.
 *
 * The version moves both before a write runs and after it completes, so a read that raced the
 * write is never tagged with the post-write version. (On PostgreSQL, a read between a write
 * inside a transaction and that transaction's commit can still see the old rows under the new
 * version: caches built on this tracker must also expire on their own.)
 */
export class WriteTracker implements KyselyPlugin {
  #anyTable = 0;
  #tables = new Map<string, number>();
  #pending = new WeakMap<QueryId, Written>();
  /** Writes other processes announced (db/notifications.ts), kept apart from this process's own. */
  #remote = 0;
  #remoteTables = new Map<string, number>();

  /** A number that grows whenever one of `tables` (or an unknown table) is written, here or announced by another process. */
  versionOf(tables: readonly string[]): number {
    let version = this.#anyTable + this.#remote;
    for (const table of tables) version += (this.#tables.get(table) ?? 0) + (this.#remoteTables.get(table) ?? 0);
    return version;
  }

  /** Like versionOf, counting only this process's own writes (what it must announce to others). */
  localVersionOf(tables: readonly string[]): number {
    let version = this.#anyTable;
    for (const table of tables) version += this.#tables.get(table) ?? 0;
    return version;
  }

  /** Another process wrote `tables` ('unknown': anything may have changed, e.g. announcements were missed). */
  remoteWrite(tables: readonly string[] | 'unknown'): void {
    if (tables === 'unknown') {
      this.#remote++;
      return;
    }
    for (const table of tables) this.#remoteTables.set(table, (this.#remoteTables.get(table) ?? 0) + 1);
  }

  /** A number that grows with every write to any table. */
  totalVersion(): number {
    let version = this.#anyTable + this.#remote;
    for (const count of this.#tables.values()) version += count;
    for (const count of this.#remoteTables.values()) version += count;
    return version;
  }

  #bump(written: Written): void {
    if (written === null) return;
    if (written === 'unknown') {
      this.#anyTable++;
      return;
    }
    for (const table of written) {
      this.#tables.set(table, (this.#tables.get(table) ?? 0) + 1);
      for (const triggered of TRIGGERED_WRITES.get(table) ?? [])
        this.#tables.set(triggered, (this.#tables.get(triggered) ?? 0) + 1);
    }
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenTables(node);
    if (written !== null) {
      this.#bump(written);
      this.#pending.set(queryId, written);
    }
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.#pending.get(queryId);
    if (written !== undefined) {
      this.#pending.delete(queryId);
      this.#bump(written);
    }
    return result;
  }
}
