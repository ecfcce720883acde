import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { italianWords, labelFromName } from '../../scripts/new-resource/italian';
import { ANCHORED_EDITS, NEW_FILES } from '../../scripts/new-resource/layout';
import { resourceNames } from '../../scripts/new-resource/names';
import { conflicts, fill, planResource, quote, REPO_ROOT, type RepoReader } from '../../scripts/new-resource/render';

/**
 * `npm run new:resource` (scripts/new-resource.ts) without writing: the names it derives, the
 * Italian it writes, and the files and edits it would make in this repository. That the files it
 * writes typecheck, lint and pass their own tests is checked by running it (see docs/DEVELOPING.md).
 */
const repo: RepoReader = {
  exists: (path) => existsSync(join(REPO_ROOT, path)),
  read: (path) => readFileSync(join(REPO_ROOT, path), 'utf8'),
  list: (path) => (existsSync(join(REPO_ROOT, path)) ? readdirSync(join(REPO_ROOT, path)) : []),
};

const partners = resourceNames('partners');
const labels = { label: 'Partner', labelPlural: 'Partner', feminine: false };
/**
 * The resource planned below: a name nobody will generate, so that this test still passes in a
 * repository where `npm run new:resource -- partners` (the documented example) has been run.
 */
const probes = resourceNames('generator_probes');
const probeLabels = { label: 'Sonda', labelPlural: 'Sonde', feminine: true };

describe('the names of a new resource', () => {
  it('derives every spelling from the plural name', () => {
    expect(partners).toEqual({
      name: 'partners',
      kebab: 'partners',
      camel: 'partners',
      Plural: 'Partners',
      singular: 'partner',
      Singular: 'Partner',
    });
    expect(resourceNames('office-hours')).toEqual({
      name: 'office_hours',
      kebab: 'office-hours',
      camel: 'officeHours',
      Plural: 'OfficeHours',
      singular: 'office_hour',
      Singular: 'OfficeHour',
    });
    expect(resourceNames('categories').singular).toBe('category');
    expect(resourceNames('mailboxes').singular).toBe('mailbox');
    expect(resourceNames('statuses', { singular: 'status' }).Singular).toBe('Status');
  });

  it('refuses a name that is not lower case words, not plural, or too long, saying what to type', () => {
    expect(() => resourceNames('Partners')).toThrow(/lower case words/);
    expect(() => resourceNames('partner rooms')).toThrow(/lower case words/);
    expect(() => resourceNames('2partners')).toThrow(/starting with a letter/);
    expect(() => resourceNames('partner')).toThrow(/plural.*--singular/);
    expect(() => resourceNames('address')).toThrow(/plural/);
    expect(() => resourceNames(`${'a'.repeat(40)}s`)).toThrow(/too long/);
    expect(() => resourceNames('office_hours', { singular: 'room_hour' })).toThrow(/last word/);
  });
});

describe('the Italian words of a new resource', () => {
  it('agrees articles and adjectives with the label', () => {
    expect(labelFromName('office_hours')).toBe('Office hours');
    expect(italianWords(labels)).toMatchObject({
      all: 'Tutti i partner',
      none: 'Nessun partner trovato',
      new: 'Nuovo partner',
      theOne: 'il partner',
      notFound: 'Partner non trovato.',
    });
    expect(italianWords({ label: 'Sponsor', labelPlural: 'Sponsor', feminine: false })).toMatchObject({
      all: 'Tutti gli sponsor',
      none: 'Nessuno sponsor trovato',
      theOne: 'lo sponsor',
      aOne: 'uno sponsor',
    });
    expect(italianWords({ label: 'Evento', labelPlural: 'Eventi', feminine: false })).toMatchObject({
      all: 'Tutti gli eventi',
      theOne: "l'evento",
    });
    expect(italianWords({ label: 'Sede', labelPlural: 'Sedi', feminine: true })).toMatchObject({
      all: 'Tutte le sedi',
      none: 'Nessuna sede trovata',
      new: 'Nuova sede',
      theOne: 'la sede',
      notFound: 'Sede non trovata.',
    });
    expect(italianWords({ label: 'Aula', labelPlural: 'Aule', feminine: true })).toMatchObject({
      theOne: "l'aula",
      aOne: "un'aula",
    });
  });

  it('quotes texts as the formatter would', () => {
    expect(quote('Nuovo partner')).toBe("'Nuovo partner'");
    expect(quote("l'evento")).toBe(`"l'evento"`);
    expect(quote(`Sei sicuro di voler eliminare l'evento "%{name}"?`)).toBe(
      `'Sei sicuro di voler eliminare l\\'evento "%{name}"?'`,
    );
  });

  it('fills only the placeholders it knows', () => {
    expect(fill('{{name}} {{q:label}}', { name: 'partners', label: "Sala d'attesa" })).toBe(`partners "Sala d'attesa"`);
    expect(() => fill('{{nmae}}', { name: 'partners' })).toThrow(/Unknown placeholder \{\{nmae\}\}/);
  });
});

describe('what the generator would write for a resource', () => {
  const plan = planResource(repo, { names: probes, labels: probeLabels, icon: 'Handshake' });
  const file = (suffix: string) => plan.files.find((candidate) => candidate.path.endsWith(suffix))!;

  it('finds nothing of that name in the repository', () => {
    expect(conflicts(repo, probes)).toEqual([]);
  });

  it('refuses a resource that exists, by its folder, table, permissions or API path', () => {
    expect(conflicts(repo, resourceNames('teams')).join('\n')).toMatch(/src\/admin\/teams exists/);
    const reports = conflicts(repo, resourceNames('accessibility_reports')).join('\n');
    expect(reports).toMatch(/a table accessibility_reports exists/);
    expect(reports).toMatch(/permission catalogue .* has permissions of accessibility_reports/);
    expect(conflicts(repo, resourceNames('permissions')).join('\n')).toMatch(/serves \/api\/permissions/);
  });

  it('writes each file of the layout, with every placeholder filled', () => {
    expect(plan.files.map((written) => written.path)).toHaveLength(NEW_FILES.length);
    for (const written of plan.files) {
      expect(written.path).not.toMatch(/\{\{|\}\}/);
      expect(written.content, written.path).not.toMatch(/\{\{|\}\}/);
      expect(repo.exists(written.path), written.path).toBe(false);
    }
    expect(plan.files.map((written) => written.path)).toEqual(
      expect.arrayContaining([
        'src/admin/generator_probes/index.ts',
        'src/admin/generator_probes/GeneratorProbeList.tsx',
        'tests/api/generator-probes.test.ts',
      ]),
    );
  });

  it('writes TypeScript without syntax errors', () => {
    for (const written of plan.files.filter((candidate) => /\.tsx?$/.test(candidate.path))) {
      const { diagnostics } = ts.transpileModule(written.content, {
        fileName: written.path,
        reportDiagnostics: true,
        compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      expect(
        diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
        written.path,
      ).toEqual([]);
    }
  });

  it('numbers the migration after the last one and grants its permissions to the administrator role', () => {
    const migrations = readdirSync(join(REPO_ROOT, 'server/src/db/migrations'))
      .filter((name) => /^\d{3}_/.test(name))
      .sort();
    const next = String(Number(migrations.at(-1)!.slice(0, 3)) + 1).padStart(3, '0');
    expect(plan.migration).toBe(`${next}_generator_probes`);
    const migration = file(`${next}_generator_probes.ts`).content;
    for (const verb of ['read', 'create', 'update', 'delete'])
      expect(migration).toContain(`name: '${verb}_generator_probes'`);
    expect(migration).toContain("description: 'Visualizzare le sonde'");
    expect(migration).toContain("where('name', '=', 'Amministratore')");
    expect(file('tests/api/generator-probes.test.ts').content).toContain(
      `migrateUpTo(db, '${migrations.at(-1)!.replace(/\.ts$/, '')}')`,
    );
  });

  it('writes the Italian texts of the section', () => {
    const messages = file('src/admin/generator_probes/messages.ts').content;
    expect(messages).toContain("name: 'Sonda |||| Sonde'");
    expect(messages).toContain("title: 'Gestione Sonde'");
    expect(messages).toContain("all: 'Tutte le sonde'");
    expect(messages).toContain("create: 'Nuova sonda'");
    expect(messages).toContain(`delete_confirm: 'Sei sicuro di voler eliminare la sonda "%{name}"?'`);
    expect(file('src/admin/generator_probes/index.ts').content).toContain(
      "import HandshakeIcon from '@mui/icons-material/Handshake';",
    );
  });

  it('inserts its lines right above each anchor, which stays', () => {
    for (const { path, slot } of ANCHORED_EDITS) {
      const edit = plan.edits.find((candidate) => candidate.path === path)!;
      const rows = edit.content.split('\n');
      const anchor = rows.findIndex((row) => row.includes(`@new-resource: ${slot}`));
      expect(anchor, `${path}: ${slot}`).toBeGreaterThan(0);
      expect(rows.length - repo.read(path).split('\n').length).toBe(
        ANCHORED_EDITS.filter((other) => other.path === path).reduce((sum, other) => sum + other.lines.length, 0),
      );
    }
    const edited = (path: string) => plan.edits.find((candidate) => candidate.path === path)!.content;
    expect(edited('src/admin/resources.ts')).toMatch(
      /import \{ generatorProbes \} from '\.\/generator_probes';\n\s*\/\/ @new-resource: imports/,
    );
    expect(edited('src/admin/resources.ts')).toMatch(/\n\s*generatorProbes,\n\s*\/\/ @new-resource: sections/);
    expect(edited('src/admin/audit/messages.ts')).toMatch(
      /generator_probe: 'Sonda',\n\s*\/\/ @new-resource: audit types/,
    );
    expect(edited('server/src/http/openapi-text.ts')).toMatch(
      /'generator-probes': 'A name, [^\n]*`generator_probe`\.',\n\s*\/\/ @new-resource: module descriptions/,
    );
  });

  it('stops before writing anything when an anchor is gone', () => {
    const [{ path }] = ANCHORED_EDITS;
    const without: RepoReader = {
      ...repo,
      read: (candidate) =>
        repo.read(candidate).replace(/@new-resource: /g, candidate === path ? '' : '@new-resource: '),
    };
    expect(() => planResource(without, { names: probes, labels: probeLabels, icon: 'Handshake' })).toThrow(
      new RegExp(`${path} has lost its anchor comment`),
    );
  });
});
