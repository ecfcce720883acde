import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files and folders of the repository (`server/src/app.ts`, `tests/e2e/`,
 * [PROVIDERS.md](PROVIDERS.md)); a move or a rename that forgets them leaves a newcomer reading
 * about files that are not there. Every such name in README.md and docs/*.md must exist.
 *
 * What counts as a name:
 * - anywhere in the text (prose, inline code, code blocks), a path that starts with one of the
 *   repository's own top-level folders (`server/`, `src/`, `tests/`, `scripts/`, `docs/`, …:
 *   the folders at the root that .gitignore does not ignore) — read from the repository root;
 * - the target of a Markdown link or image, `[text](target)`, read from the document's own folder
 *   (web addresses and anchors within the page are not files); it must stay inside the repository.
 * A path without an extension may name a module the way an import does (`src/dataProvider/backOffice`).
 * Patterns are not names: a token holding `<`, `*`, `$`, `{` or `…` (`src/admin/<name>/`,
 * `tests/e2e/admin-*.spec.ts`) is skipped.
 */

const ROOT = resolve(__dirname, '../..');

/** What .gitignore leaves out of the repository: build output, data, reports (never named as files of it). */
const IGNORED = new Set(
  readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\/|\/$/g, ''))
    .filter((line) => line && !line.startsWith('#') && !/[*!]/.test(line)),
);

/** The repository's top-level folders: a path starting with one of them is a repository path. */
const TOP_FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.git') && !IGNORED.has(entry.name))
  .map((entry) => entry.name);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `server/src/app.ts`, `tests/e2e/`, `.ci/run`: a top-level folder, a slash, then path characters. */
const REPO_PATH = new RegExp(`(?<![\\w./@-])(?:${TOP_FOLDERS.map(escape).join('|')})/[^\\s\`'"()\\[\\],;:|]*`, 'g');
/** `[text](target)` and `![alt](target)`, with an optional "title". */
const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const PATTERN = /[<*${}…]/;

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

/** A token as written, without the punctuation that ends a sentence or the line of a source reference. */
function cleanToken(token: string): string {
  return token.replace(/[.,:;!?]+$/, '').replace(/#.*$/, '');
}

interface Reference {
  token: string;
  /** The repository-relative path it names. */
  path: string;
}

function references(doc: string, text: string): Reference[] {
  const found: Reference[] = [];
  for (const match of text.matchAll(REPO_PATH)) {
    const token = cleanToken(match[0]);
    if (PATTERN.test(token)) continue;
    found.push({ token, path: token });
  }
  for (const match of text.matchAll(LINK)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    const token = decodeURI(target.replace(/[#?].*$/, ''));
    if (!token || PATTERN.test(token)) continue;
    const absolute = resolve(ROOT, dirname(doc), token);
    found.push({ token, path: relative(ROOT, absolute).split(sep).join('/') });
  }
  return found;
}

/** How an import names a module without its extension (`src/dataProvider/backOffice`). */
const MODULE_FILES = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function exists(path: string): boolean {
  if (path === '..' || path.startsWith('../')) return false;
  const absolute = join(ROOT, path);
  if (!existsSync(absolute))
    return !/[./]$|\.\w+$/.test(path) && MODULE_FILES.some((suffix) => existsSync(absolute + suffix));
  // `tests/e2e/` names a folder: a file of that name is not it.
  return !path.endsWith('/') || statSync(absolute).isDirectory();
}

describe('repository paths named by the docs', () => {
  it('knows the repository’s top-level folders', () => {
    expect(TOP_FOLDERS).toEqual(expect.arrayContaining(['docs', 'scripts', 'server', 'src', 'tests']));
    expect(TOP_FOLDERS).not.toContain('node_modules');
  });

  it('reads paths in prose, code and links, and skips patterns', () => {
    const text = [
      'See `server/src/app.ts`, then tests/e2e/ and [the providers](PROVIDERS.md#google).',
      'Not `src/admin/<name>/index.ts`, tests/e2e/admin-*.spec.ts, [a site](https://example.com) or [here](#top).',
      '```',
      'node scripts/bench.mjs lighthouse',
      '```',
      'Ends a sentence: docs/DEPLOYING.md.',
    ].join('\n');
    expect(references('docs/DEVELOPING.md', text).map((ref) => ref.path)).toEqual([
      'server/src/app.ts',
      'tests/e2e/',
      'scripts/bench.mjs',
      'docs/DEPLOYING.md',
      'docs/PROVIDERS.md',
    ]);
    expect(exists('server/src/app.tss')).toBe(false);
    expect(exists('package.json/')).toBe(false);
    expect(exists('../README.md')).toBe(false);
    expect(exists('src/dataProvider/backOffice')).toBe(true);
    expect(exists('src/dataProvider/backOfice')).toBe(false);
  });

  it.each(documents())('%s names only files and folders that exist', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const missing = references(doc, text)
      .filter((ref) => !exists(ref.path))
      .map((ref) => (ref.token === ref.path ? ref.token : `${ref.token} (${ref.path})`));
    expect([...new Set(missing)], `${doc} names paths that do not exist`).toEqual([]);
  });
});
