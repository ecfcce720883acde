/**
 * `npm run new:resource -- <name> [options]`: adds a back-office resource with a name and a
 * description, end to end (migration, server module, permissions, back-office section, texts,
 * tests). What it writes: scripts/new-resource/layout.ts and templates/. It refuses to overwrite
 * anything, and checks everything before it writes a file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { labelFromName } from './new-resource/italian.js';
import { resourceNames } from './new-resource/names.js';
import { conflicts, planResource, REPO_ROOT, type RepoReader } from './new-resource/render.js';

const USAGE = `Usage: npm run new:resource -- <name> [options]

  <name>                  the resource, in the plural, lower case: partners, office_hours, office-hours

Options:
  --label <text>          its Italian name in the singular (default: the name's singular, capitalised)
  --label-plural <text>   its Italian name in the plural (default: the name, capitalised: "Partners")
  --feminine              the Italian name is feminine ("Nuova sede", "Tutte le sedi")
  --singular <name>       the name's singular when it is not the name without its "s" (e.g. --singular status)
  --icon <Name>           the menu's Material icon (@mui/icons-material/<Name>; default Category)
  --dry-run               print what would be written, write nothing

Example: npm run new:resource -- partners --label Partner --label-plural Partner`;

function fail(message: string): never {
  console.error(`new:resource: ${message}`);
  process.exit(1);
}

const repo: RepoReader = {
  exists: (path) => existsSync(join(REPO_ROOT, path)),
  read: (path) => readFileSync(join(REPO_ROOT, path), 'utf8'),
  list: (path) => (existsSync(join(REPO_ROOT, path)) ? readdirSync(join(REPO_ROOT, path)) : []),
};

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        label: { type: 'string' },
        'label-plural': { type: 'string' },
        feminine: { type: 'boolean', default: false },
        singular: { type: 'string' },
        icon: { type: 'string', default: 'Category' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) fail(`give one resource name.\n\n${USAGE}`);

  let names;
  try {
    names = resourceNames(positionals[0], { singular: values.singular });
  } catch (error) {
    fail((error as Error).message);
  }
  const icon = values.icon!;
  if (!/^[A-Z]\w*$/.test(icon) || !existsSync(join(REPO_ROOT, 'node_modules/@mui/icons-material', `${icon}.js`))) {
    fail(`--icon ${icon} is not an icon of @mui/icons-material (see https://mui.com/material-ui/material-icons/).`);
  }
  const labels = {
    label: values.label?.trim() || labelFromName(names.singular),
    labelPlural: values['label-plural']?.trim() || labelFromName(names.name),
    feminine: values.feminine!,
  };

  const taken = conflicts(repo, names);
  if (taken.length) fail(`"${names.name}" exists already, nothing was written:\n  - ${taken.join('\n  - ')}`);

  let plan;
  try {
    plan = planResource(repo, { names, labels, icon });
  } catch (error) {
    fail(`${(error as Error).message}\nNothing was written.`);
  }
  const present = plan.files.filter((file) => repo.exists(file.path)).map((file) => file.path);
  if (present.length) fail(`these files exist already, nothing was written:\n  - ${present.join('\n  - ')}`);

  if (values['dry-run']) {
    for (const file of plan.files) console.log(`--- new file ${file.path}\n${file.content}`);
    for (const edit of plan.edits)
      console.log(`--- ${edit.path} gets:\n${edit.added.map((line) => `  + ${line}`).join('\n')}`);
    return;
  }

  for (const file of plan.files) {
    mkdirSync(dirname(join(REPO_ROOT, file.path)), { recursive: true });
    writeFileSync(join(REPO_ROOT, file.path), file.content, { flag: 'wx' });
  }
  for (const edit of plan.edits) writeFileSync(join(REPO_ROOT, edit.path), edit.content);
  format([...plan.files.map((file) => file.path), ...plan.edits.map((edit) => edit.path)]);

  console.log(`Added the resource "${names.name}" (${labels.labelPlural}):`);
  for (const file of plan.files) console.log(`  new     ${file.path}`);
  for (const edit of plan.edits) console.log(`  edited  ${edit.path}`);
  console.log(`
Next: npm run docs:api (the resource's routes in docs/API-PERMISSIONS.md), then
npm run typecheck && npm run lint && npm test
The migration ${plan.migration} runs when the server starts (npm run dev); the administrator role
gets read_/create_/update_/delete_${names.name}. The section is at /admin/${names.name}.`);
}

/** Formats what was written with the repository's formatter, when it has one installed. */
function format(paths: string[]): void {
  const prettier = join(REPO_ROOT, 'node_modules/.bin/prettier');
  if (!existsSync(prettier)) return;
  const result = spawnSync(prettier, ['--write', '--log-level', 'warn', ...paths], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) console.warn('new:resource: the formatter failed; run npm run format.');
}

main();
