import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '../../src/admin/backOfficeMessages';
import { mergeMessages, type MessageTree } from '../../src/i18n/messageTree';
import { portalMessages } from '../../src/i18n/portal';
import { signInMessages } from '../../src/i18n/signIn';
import { statementMessages } from '../../src/i18n/statement';

type Tree = { [key: string]: string | Tree };

const SRC = join(__dirname, '../../src');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The message files themselves: their keys are definitions, not uses. */
const isMessageFile = (path: string) => /[\\/]i18n[\\/]|[\\/]messages\.ts$/.test(path);
const files = [...sourceFiles(SRC)].filter((path) => !isMessageFile(path));

const leaves = new Set<string>();
const namespaces = new Set<string>();
(function walk(tree: Tree, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.add(path);
    else {
      namespaces.add(path);
      walk(value, path);
    }
  }
})(
  [
    portalMessages as unknown as MessageTree,
    { app: { a11y: { statement: statementMessages } } },
    backOfficeMessages,
  ].reduce(mergeMessages, signInMessages) as Tree,
  '',
);

const KEY = /^(app|ra|resources)\.[A-Za-z0-9_.]+$/;

/** Every string literal of the file (template literals without placeholders too), with its line. */
function literals(path: string): Array<{ text: string; line: number; node: ts.Node }> {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Array<{ text: string; line: number; node: ts.Node }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, node });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const ATTRIBUTES_WITH_TEXT = new Set([
  'label',
  'title',
  'aria-label',
  'placeholder',
  'alt',
  'helperText',
  'primaryText',
  'submitLabel',
  'emptyText',
  'text',
]);
/** Text a person reads: letters, beyond punctuation and symbols. */
const READABLE = /\p{L}{2,}/u;

describe('message keys', () => {
  it('every message key written in src/ exists in the Italian messages', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of files) {
      for (const { text, line } of literals(file)) {
        if (!KEY.test(text)) continue;
        seen += 1;
        if (!leaves.has(text) && !namespaces.has(text)) missing.push(`${relative(SRC, file)}:${line} ${text}`);
      }
    }
    expect(seen).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('no component shows text of its own: JSX text and text attributes go through keys', () => {
    const literalsShown: string[] = [];
    for (const file of files.filter((path) => path.endsWith('.tsx'))) {
      for (const { text, line, node } of literals(file)) {
        const shown =
          (ts.isJsxText(node) && READABLE.test(text)) ||
          (ts.isStringLiteral(node) &&
            ts.isJsxAttribute(node.parent) &&
            ATTRIBUTES_WITH_TEXT.has(node.parent.name.getText()) &&
            READABLE.test(text) &&
            !KEY.test(text));
        if (shown) literalsShown.push(`${relative(SRC, file)}:${line} ${JSON.stringify(text.trim())}`);
      }
    }
    expect(literalsShown).toEqual([]);
  });
});
