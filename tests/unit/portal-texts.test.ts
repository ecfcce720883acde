import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cropMessages, imageMessages } from '../../src/components/messages';
import { imageTexts } from '../../src/components/texts';
import { mergeMessages, type MessageTree } from '../../src/i18n/messageTree';
import { portalMessages } from '../../src/i18n/portal';
import { portalShellMessages } from '../../src/i18n/portalShell';
import raItalian from '../../src/i18n/ra-it';
import { signInMessages } from '../../src/i18n/signIn';
import { reportTexts } from '../../src/portal/accessibility/texts';
import { calendarTexts } from '../../src/portal/calendar/texts';
import { privacyTexts } from '../../src/portal/privacy/texts';
import { coursesTexts } from '../../src/portal/courses/texts';
import { signInsTexts } from '../../src/portal/signins/texts';
import { teamTexts } from '../../src/portal/team/texts';

/*
 * The signed-in portal's texts load in parts (src/i18n/portalShell.ts): the sign-in screen's with
 * the entry, the layout's with the layout, each area's with its code (a `texts.ts` module that its
 * pages import). This follows the imports from the layout and from each page, as the bundle loads
 * them, and checks that every message key a module writes has been added by then: by the entry,
 * the layout, a texts.ts module imported statically along the way, or one imported by whatever
 * loaded this code on demand (import()).
 */

const SRC = resolve(__dirname, '../../src');
const KEY = /^(app|ra)\.[A-Za-z0-9_.]+$/;
/** Key prefixes completed at run time, e.g. `app.courses.${missing}`. */
const KEY_PREFIX = /^(app|ra)\.[A-Za-z0-9_.]*\.$/;

const TEXTS: Record<string, MessageTree> = {
  'components/texts.ts': imageTexts,
  'portal/team/texts.ts': teamTexts,
  'portal/courses/texts.ts': coursesTexts,
  'portal/accessibility/texts.ts': reportTexts,
  'portal/calendar/texts.ts': calendarTexts,
  'portal/privacy/texts.ts': privacyTexts,
  'portal/signins/texts.ts': signInsTexts,
};

interface ModuleFacts {
  staticImports: string[];
  dynamicImports: string[];
  keys: string[];
  prefixes: string[];
}

const facts = new Map<string, ModuleFacts>();

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const path = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
  // Outside src/ (the server's contract types) there is nothing the browser loads.
  return path?.startsWith(SRC) ? path : undefined;
}

function factsOf(path: string): ModuleFacts {
  const known = facts.get(path);
  if (known) return known;
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ModuleFacts = { staticImports: [], dynamicImports: [], keys: [], prefixes: [] };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveImport(path, node.moduleSpecifier.text);
      if (target) found.staticImports.push(target);
      return;
    }
    if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const target = resolveImport(path, node.moduleSpecifier.text);
      if (target) found.staticImports.push(target);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      const target = argument && ts.isStringLiteral(argument) ? resolveImport(path, argument.text) : undefined;
      if (target) found.dynamicImports.push(target);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KEY.test(node.text))
      found.keys.push(node.text);
    if (ts.isTemplateExpression(node) && KEY_PREFIX.test(node.head.text))
      found.prefixes.push(node.head.text.slice(0, -1));
    ts.forEachChild(node, visit);
  };
  visit(source);
  facts.set(path, found);
  return found;
}

function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length) {
    const path = pending.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    pending.push(...factsOf(path).staticImports);
  }
  return seen;
}

function has(tree: MessageTree, key: string, leaf: boolean): boolean {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return false;
    node = node[part];
  }
  return leaf ? typeof node === 'string' || typeof node === 'object' : typeof node === 'object';
}

/**
 * The keys that would be missing from the catalogue when the code loaded from `start` renders,
 * given the texts already added (`catalogue`); the code it loads on demand is checked the same way.
 */
function missingKeys(start: string, catalogue: MessageTree, visited = new Set<string>()): string[] {
  if (visited.has(start)) return [];
  visited.add(start);
  const modules = staticClosure(start);
  let known = catalogue;
  for (const path of modules) {
    const texts = TEXTS[relative(SRC, path)];
    if (texts) known = mergeMessages(known, texts);
  }
  const missing: string[] = [];
  for (const path of modules) {
    const { keys, prefixes, dynamicImports } = factsOf(path);
    for (const key of keys) if (!has(known, key, true)) missing.push(`${relative(SRC, path)}: ${key}`);
    for (const prefix of prefixes) if (!has(known, prefix, false)) missing.push(`${relative(SRC, path)}: ${prefix}.*`);
    for (const target of dynamicImports) missing.push(...missingKeys(target, known, visited));
  }
  return missing;
}

const LAYOUT = join(SRC, 'portal/ProtectedLayout.tsx');
const afterLayout = mergeMessages(signInMessages, portalShellMessages);
const pages = factsOf(join(SRC, 'portal/pageLoads.ts')).dynamicImports;

describe('the portal texts, added as the code loads', () => {
  it('the layout and what it loads on demand write only keys of the sign-in and layout texts', () => {
    expect(missingKeys(LAYOUT, afterLayout)).toEqual([]);
  });

  it.each(pages.map((page) => [relative(SRC, page), page]))('%s writes only keys added by then', (_name, page) => {
    const layoutModules = staticClosure(LAYOUT);
    // The page renders inside the layout: its modules are not visited again.
    expect(missingKeys(page, afterLayout, new Set(layoutModules))).toEqual([]);
  });

  it('finds the pages and their keys', () => {
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(pages.map((page) => relative(SRC, page))).toContain('portal/team/PercorsoPage.tsx');
    const teamKeys = [...staticClosure(join(SRC, 'portal/team/PercorsoPage.tsx'))].flatMap(
      (path) => factsOf(path).keys,
    );
    expect(teamKeys.filter((key) => key.startsWith('app.team.')).length).toBeGreaterThan(20);
    // A key only a texts.ts module adds is reported when the page does not import that module.
    expect(
      missingKeys(join(SRC, 'portal/team/PercorsoPage.tsx'), signInMessages, new Set(staticClosure(LAYOUT))),
    ).not.toEqual([]);
  });

  it("the react-admin texts added with the portal's parts are ra-it.ts's, and all the parts make the back-office's catalogue", () => {
    const full = raItalian as unknown as {
      ra: { action: Record<string, string>; notification: Record<string, string> };
    };
    expect(portalShellMessages.ra.notification.http_error).toBe(full.ra.notification.http_error);
    expect(calendarTexts.ra.action.cancel).toBe(full.ra.action.cancel);
    expect(calendarTexts.ra.action.confirm).toBe(full.ra.action.confirm);
    const parts = [
      portalShellMessages,
      imageTexts,
      teamTexts,
      coursesTexts,
      reportTexts,
      calendarTexts,
      privacyTexts,
      signInsTexts,
    ].reduce<MessageTree>(mergeMessages, {});
    expect(mergeMessages(raItalian as unknown as MessageTree, parts)).toEqual(portalMessages);
    expect(imageTexts.app).toEqual({ image: imageMessages, a11y: { crop: cropMessages } });
  });
});

describe('document titles', () => {
  it('name the product once, however the page is called', async () => {
    const { documentTitle } = await import('../../src/components/documentTitle');
    expect(documentTitle('Demo Day', 'Sessione')).toBe('Demo Day · Sessione · Percorso');
    expect(documentTitle('Agrisense', 'Percorso')).toBe('Agrisense · Percorso');
    expect(documentTitle(null, 'Percorso')).toBe('Percorso');
    expect(documentTitle('', '  ')).toBe('Percorso');
  });
});
