import {
  OperationNodeTransformer,
  OrNode,
  sql,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Search as an Italian reads: "universita", "UNIVERSITÀ" and "Università" find each other, and so
 * do "è", "é" and "e", on both databases, through an index.
 *
 * - Every search is written once, as `percorso_fold(column) like percorso_fold('%term%')`.
 *   `percorso_fold` lower-cases and removes accents: on PostgreSQL a SQL function over `unaccent`
 *   (migration 002), with a `pg_trgm` GIN index on `percorso_fold(column)` for each searchable
 *   column, which LIKE '%…%' uses; on SQLite a function registered on the connection.
 * - On SQLite, a plugin on the Kysely instance (SearchIndexPlugin) answers the searchable columns
 *   from FTS5 tables instead (`search_<table>`, trigram tokenizer with diacritics removed, kept
 *   in step by triggers; migration 002): `id in (select rowid from search_x where … match …)`.
 *   The trigram index needs at least three characters; shorter terms scan with the function.
 */

/** Lower case without accents (NFD, combining marks dropped): what the SQLite function computes. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SearchColumn {
  /** The FTS5 table on SQLite (rowid = the row's id) and its column. */
  fts: string;
  ftsColumn: string;
  /** The row id compared with the FTS5 rowid. */
  id: string;
  /** The SQL the column stands for (PostgreSQL's index expression and SQLite's fallback). */
  expression: string;
}

function column(table: string, name: string, expression = `${table}.${name}`): SearchColumn {
  return { fts: `search_${table}`, ftsColumn: name, id: `${table}.id`, expression };
}

/**
 * Every searchable column, keyed as lists name it (`ilike('teams.name', term)`). A new entry needs
 * its FTS5 column and PostgreSQL index in a migration; anything else searched still folds
 * accents, by scanning.
 */
export const SEARCH_COLUMNS: Record<string, SearchColumn> = {
  'users.name': column('users', 'name'),
  'users.email': column('users', 'email'),
  'users.tax_id': column('users', 'tax_id'),
  /** "name surname" and "surname name": a person typed either way. */
  'users.full_name': column('users', 'full_name', "users.name || ' ' || users.surname"),
  'users.full_name_reversed': column('users', 'full_name_reversed', "users.surname || ' ' || users.name"),
  'teams.name': column('teams', 'name'),
  'sessions.name': column('sessions', 'name'),
  'sessions.description': column('sessions', 'description'),
  'roles.name': column('roles', 'name'),
  'courses.name': column('courses', 'name'),
  'modules.name': column('modules', 'name'),
  'lessons.name': column('lessons', 'name'),
};

/** `%term%` for LIKE, folded, with the wildcards of the term itself escaped. */
export function foldedLikePattern(term: string): string {
  return `%${foldText(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Searches built by foldedContains, recognised by the SQLite plugin (the node's identity). */
const searches = new WeakMap<OperationNode, { key: string; term: string }>();

/** Accent- and case-insensitive "contains" on a searchable column (or any column, by scanning). */
export function foldedContains(key: string, term: string) {
  const known = SEARCH_COLUMNS[key];
  const target = known ? sql.raw(known.expression) : sql.ref(key);
  const expression = sql<boolean>`percorso_fold(${target}) like percorso_fold(${foldedLikePattern(term)}) escape '\\'`;
  if (known) searches.set(expression.toOperationNode(), { key, term });
  return expression;
}

/** The FTS5 trigram index only answers terms of three characters or more. */
const MIN_INDEXED_LENGTH = 3;

/** The FTS5 query of one phrase in some of a table's columns. */
function ftsMatch(fts: string, columns: string[], id: string, term: string): RawNode {
  const phrase = `"${term.replace(/"/g, '""')}"`;
  const query = columns.length === 1 ? `${columns[0]} : ${phrase}` : `{${columns.join(' ')}} : ${phrase}`;
  return sql`${sql.ref(id)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${query})`.toOperationNode() as RawNode;
}

/** The leaves of a tree of ORs (and parentheses around them). */
function orLeaves(node: OperationNode): OperationNode[] {
  const n = node as unknown as { kind: string; left?: OperationNode; right?: OperationNode; node?: OperationNode };
  if (n.kind === 'OrNode') return [...orLeaves(n.left!), ...orLeaves(n.right!)];
  if (n.kind === 'ParensNode') return orLeaves(n.node!);
  return [node];
}

/** The indexed term of a search, or undefined when it is too short for the trigram index. */
function indexedTerm(search: { term: string }): string | undefined {
  const term = search.term.normalize('NFC').trim();
  return [...term].length >= MIN_INDEXED_LENGTH ? term : undefined;
}

class SearchRewriter extends OperationNodeTransformer {
  protected override transformRaw(node: RawNode): RawNode {
    const search = searches.get(node);
    const target = search && SEARCH_COLUMNS[search.key];
    const term = search && indexedTerm(search);
    if (!target || !term) return super.transformRaw(node);
    return ftsMatch(target.fts, [target.ftsColumn], target.id, term);
  }

  // "e-mail or tax id or name contains X" on one table: one FTS5 query over those columns, which
  // costs a fraction of one query per column.
  protected override transformOr(node: OrNode): OrNode {
    const leaves = orLeaves(node).map((leaf) => {
      const search = searches.get(leaf);
      const target = search && SEARCH_COLUMNS[search.key];
      return target && indexedTerm(search) ? { target, term: indexedTerm(search)! } : undefined;
    });
    const first = leaves[0];
    const mergeable =
      first !== undefined &&
      leaves.every(
        (leaf) =>
          leaf &&
          leaf.target.fts === first.target.fts &&
          leaf.target.id === first.target.id &&
          leaf.term === first.term,
      );
    if (!mergeable) return super.transformOr(node);
    const columns = [...new Set(leaves.map((leaf) => leaf!.target.ftsColumn))];
    // The caller expects an OR node here: "match or false" keeps the shape and the meaning.
    return OrNode.create(ftsMatch(first.target.fts, columns, first.target.id, first.term), sql`0`.toOperationNode());
  }
}

/** True when a where-clause tree holds a search (searches only ever sit in and/or/parens). */
function holdsSearch(node: OperationNode | undefined): boolean {
  if (!node) return false;
  if (searches.has(node)) return true;
  const n = node as unknown as {
    kind: string;
    left?: OperationNode;
    right?: OperationNode;
    node?: OperationNode;
    where?: OperationNode;
  };
  switch (n.kind) {
    case 'WhereNode':
      return holdsSearch(n.where);
    case 'AndNode':
    case 'OrNode':
      return holdsSearch(n.left) || holdsSearch(n.right);
    case 'ParensNode':
      return holdsSearch(n.node);
    default:
      return false;
  }
}

/** SQLite: searches on indexed columns read the FTS5 tables (see the top of this file). */
export class SearchIndexPlugin implements KyselyPlugin {
  readonly #rewriter = new SearchRewriter();

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    // Only list queries carry searches; everything else passes untouched (no tree copy).
    if (node.kind !== 'SelectQueryNode' || !holdsSearch(node.where)) return node;
    return this.#rewriter.transformNode(node);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
