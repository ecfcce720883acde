import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { italianWords, type ItalianLabels } from './italian.js';
import {
  ANCHORED_EDITS,
  EXISTING_MARKERS,
  MIGRATIONS_DIR,
  NEW_FILES,
  PERMISSION_CATALOGUE,
  SERVER_SOURCES,
  SHARED_MODULES,
  type SharedModule,
} from './layout.js';
import type { ResourceNames } from './names.js';

/** This folder (built from import.meta.url by hand: bundlers rewrite `new URL(…, import.meta.url)`). */
const HERE = dirname(fileURLToPath(import.meta.url));
const TEMPLATES = join(HERE, 'templates');

/** What the generator reads of the repository (the real files, or a test's stand-in). */
export interface RepoReader {
  exists(path: string): boolean;
  read(path: string): string;
  /** The names of a folder's entries. */
  list(path: string): string[];
}

export interface ResourceOptions {
  names: ResourceNames;
  labels: ItalianLabels;
  /** A Material icon's name (@mui/icons-material/<Icon>). */
  icon: string;
}

export interface Plan {
  /** New files with their content. */
  files: Array<{ path: string; content: string }>;
  /** Existing files with their new content, and what changed in each. */
  edits: Array<{ path: string; content: string; added: string[] }>;
  /** The migration's name (e.g. 020_partners). */
  migration: string;
}

/** A JavaScript string literal of `text`, quoted as Prettier would (single quotes unless doubles need fewer escapes). */
export function quote(text: string): string {
  const singles = (text.match(/'/g) ?? []).length;
  const doubles = (text.match(/"/g) ?? []).length;
  const mark = singles > doubles ? '"' : "'";
  return mark + text.replace(/\\/g, '\\\\').replace(new RegExp(mark, 'g'), `\\${mark}`) + mark;
}

/** The repository path of a shared module or of one of the new files (`key` of NEW_FILES). */
function modulePath(key: string, values: Record<string, string>, file: string): string {
  if (Object.hasOwn(SHARED_MODULES, key)) return SHARED_MODULES[key as SharedModule];
  const own = NEW_FILES.find((entry) => entry.key === key);
  if (!own) throw new Error(`Unknown module {{import:${key}}} in the template of ${file}`);
  return fill(own.path, values);
}

/** The import specifier of `target` from `from`: relative, `.js` on the server and in its tests, none in the front end. */
export function importPath(from: string, target: string): string {
  const bundled = from.startsWith('src/') || from.startsWith('tests/unit/');
  let path = posix.relative(posix.dirname(from), target).replace(/\.tsx?$/, bundled ? '' : '.js');
  if (!path.startsWith('.')) path = `./${path}`;
  return path;
}

/** Fills `{{key}}`, `{{q:key}}` (a quoted string) and `{{import:module}}`; an unknown key is a mistake in a template. */
export function fill(template: string, values: Record<string, string>, file = ''): string {
  return template.replace(/\{\{(?:(q|import):)?(\w+)\}\}/g, (whole, kind: string | undefined, key: string) => {
    if (kind === 'import') return importPath(file, modulePath(key, values, file));
    if (!Object.hasOwn(values, key))
      throw new Error(`Unknown placeholder ${whole} in the template of ${file || 'a path'}`);
    return kind === 'q' ? quote(values[key]) : values[key];
  });
}

/** The name of the last migration (`019_edit_leases`) and the next one's number (`020`). */
export function nextMigration(repo: RepoReader): { previous: string; number: string } {
  const names = repo
    .list(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  const previous = names[names.length - 1];
  if (!previous) throw new Error(`No migration found in ${MIGRATIONS_DIR}.`);
  return { previous, number: String(Number(previous.slice(0, 3)) + 1).padStart(3, '0') };
}

/** Every value the templates may use. */
export function templateValues(
  options: ResourceOptions,
  migration: { previous: string; number: string },
): Record<string, string> {
  const words = italianWords(options.labels);
  return {
    ...options.names,
    Icon: options.icon,
    number: migration.number,
    previousMigration: migration.previous,
    label: words.label,
    labelPlural: words.labelPlural,
    one: words.one,
    many: words.many,
    all: words.all,
    none: words.none,
    new: words.new,
    edit: words.edit,
    notFound: words.notFound,
    deleteConfirmAlfa: `Sei sicuro di voler eliminare ${words.theOne} "Alfa"?`,
    nameMessage: `${words.label} |||| ${words.labelPlural}`,
    pageTitle: `Gestione ${words.labelPlural}`,
    deleteConfirm: `Sei sicuro di voler eliminare ${words.theOne} "%{name}"?`,
    nameTaken: `Esiste già ${words.aOne} con questo nome.`,
    permRead: `Visualizzare ${words.theMany}`,
    permCreate: `Creare ${words.many}`,
    permUpdate: `Modificare ${words.theMany}`,
    permDelete: `Eliminare ${words.many}`,
  };
}

function template(name: string): string {
  return readFileSync(join(TEMPLATES, name), 'utf8');
}

/** Names the application uses for other things (src/admin/resources.ts's own export, static paths). */
const RESERVED = ['resources', 'assets', 'uploads'];

/**
 * Why the resource cannot be added (it exists, its name is taken); empty when it can. Checked before
 * anything is written.
 */
export function conflicts(repo: RepoReader, names: ResourceNames): string[] {
  const found: string[] = [];
  if (RESERVED.includes(names.name)) found.push(`"${names.name}" names something else of the application`);
  for (const marker of EXISTING_MARKERS) {
    const path = fill(marker, names as unknown as Record<string, string>);
    if (repo.exists(path)) found.push(`${path} exists`);
  }
  const catalogue = repo.read(PERMISSION_CATALOGUE);
  if (new RegExp(`\\b(?:read|create|update|delete)_${names.name}\\b`).test(catalogue)) {
    found.push(`the permission catalogue (${PERMISSION_CATALOGUE}) has permissions of ${names.name}`);
  }
  const table = new RegExp(`createTable\\(\\s*['"]${names.name}['"]`);
  for (const file of repo.list(MIGRATIONS_DIR)) {
    if (table.test(repo.read(`${MIGRATIONS_DIR}/${file}`)))
      found.push(`a table ${names.name} exists (${MIGRATIONS_DIR}/${file})`);
  }
  const path = new RegExp(`['"\`]/${names.kebab}(?:/|['"\`])`);
  const routes = (dir: string): string[] =>
    repo.list(dir).flatMap((entry) => {
      const full = `${dir}/${entry}`;
      if (entry.endsWith('.ts')) return path.test(repo.read(full)) ? [full] : [];
      return entry.includes('.') ? [] : routes(full);
    });
  for (const file of routes(SERVER_SOURCES)) found.push(`${file} serves /api/${names.kebab}`);
  return found;
}

/** Inserts `lines` above the line holding `@new-resource: <slot>`, with its indentation. */
export function insertAtAnchor(source: string, slot: string, lines: string[], path: string): string {
  const marker = `@new-resource: ${slot}`;
  const rows = source.split('\n');
  const at = rows.findIndex((row) => {
    const index = row.indexOf(marker);
    return index >= 0 && !/^[\w-]/.test(row.slice(index + marker.length));
  });
  if (at < 0)
    throw new Error(`${path} has lost its anchor comment "@new-resource: ${slot}": put it back where new lines go.`);
  const indent = /^\s*/.exec(rows[at])![0];
  rows.splice(at, 0, ...lines.map((line) => indent + line));
  return rows.join('\n');
}

/** Everything the generator would write for the resource, without writing anything. */
export function planResource(repo: RepoReader, options: ResourceOptions): Plan {
  const migration = nextMigration(repo);
  const values = templateValues(options, migration);
  const files = NEW_FILES.map(({ template: name, path }) => {
    const destination = fill(path, values);
    return { path: destination, content: fill(template(name), values, destination) };
  });
  const edited = new Map<string, { content: string; added: string[] }>();
  for (const { path, slot, lines } of ANCHORED_EDITS) {
    const current = edited.get(path) ?? { content: repo.read(path), added: [] };
    const filled = lines.map((line) => fill(line, values, path));
    edited.set(path, {
      content: insertAtAnchor(current.content, slot, filled, path),
      added: [...current.added, ...filled],
    });
  }
  return {
    files,
    edits: [...edited].map(([path, edit]) => ({ path, ...edit })),
    migration: `${migration.number}_${options.names.name}`,
  };
}

/** The repository's root (this file is scripts/new-resource/render.ts). */
export const REPO_ROOT = dirname(dirname(HERE));
