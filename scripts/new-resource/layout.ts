/**
 * Where a new resource's files go and where the shared modules they import live, in one place:
 * when a shared module moves, this map moves with it and the templates stay as they are. Paths
 * are relative to the repository's root; `{{name}}`, `{{kebab}}`, `{{Singular}}`, `{{number}}`
 * are the resource's names (see names.ts) and its migration's number.
 */

/** The shared modules the templates import, as `{{import:<key>}}`. */
export const SHARED_MODULES = {
  /** The API types the front end imports (type-only). */
  contract: 'server/src/contract.ts',
  /** The permission catalogue. */
  permissions: 'server/src/access/permissions.ts',
  db: 'server/src/db/index.ts',
  /** Kysely's `Database`: every table and its row types. */
  dbSchema: 'server/src/db/schema.ts',
  /** The repositories' registry (`defineRepository`, `Repositories`). */
  registry: 'server/src/modules/registry.ts',
  /** The server clock as repositories get it (`Clock`, `isoNow`). */
  clock: 'server/src/modules/shared.ts',
  /** The audit trail's writer (`audit`, `changesBetween`, `ActorId`). */
  audit: 'server/src/modules/audit/repository.ts',
  /** Lists: `listPage`, `UnfilteredPages`, `ListSpec`. */
  list: 'server/src/modules/list.ts',
  /** List parameters and the folded search (`ilike`, `ListParams`). */
  listing: 'server/src/http/listing.ts',
  countCache: 'server/src/infra/count-cache.ts',
  /** `orNotFound`: a record's 404. */
  errors: 'server/src/http/errors.ts',
  /** `checkBody` (a body's business rules) and `recordExists`. */
  bodyRules: 'server/src/http/body-rules.ts',
  blankFields: 'server/src/http/blank-fields.ts',
  editVersions: 'server/src/plugins/edit-versions.ts',
  /** `actorOf(request)`. */
  auth: 'server/src/plugins/auth.ts',
  /** `IdParams`, `ListQuery`, `responses`, `Data`, `Page`, `Name`, `FreeText`, `DeletedRecord`. */
  commonSchemas: 'server/src/http/schemas.ts',
} as const;

export type SharedModule = keyof typeof SHARED_MODULES;

/**
 * The new files: template (under templates/) → destination. A template imports another new file
 * as `{{import:<key>}}` (the server module's parts import each other so).
 */
export const NEW_FILES: ReadonlyArray<{ key: string; template: string; path: string }> = [
  { key: 'migration', template: 'migration.ts.tpl', path: 'server/src/db/migrations/{{number}}_{{name}}.ts' },
  { key: 'schemas', template: 'schemas.ts.tpl', path: 'server/src/modules/{{kebab}}/schemas.ts' },
  { key: 'repository', template: 'repository.ts.tpl', path: 'server/src/modules/{{kebab}}/repository.ts' },
  { key: 'presenter', template: 'presenter.ts.tpl', path: 'server/src/modules/{{kebab}}/presenter.ts' },
  { key: 'routes', template: 'routes.ts.tpl', path: 'server/src/modules/{{kebab}}/routes.ts' },
  { key: 'adminIndex', template: 'admin-index.ts.tpl', path: 'src/admin/{{name}}/index.ts' },
  { key: 'adminMessages', template: 'admin-messages.ts.tpl', path: 'src/admin/{{name}}/messages.ts' },
  { key: 'adminList', template: 'admin-list.tsx.tpl', path: 'src/admin/{{name}}/{{Singular}}List.tsx' },
  { key: 'adminInputs', template: 'admin-inputs.tsx.tpl', path: 'src/admin/{{name}}/{{Singular}}Inputs.tsx' },
  { key: 'unitTest', template: 'test-unit.tsx.tpl', path: 'tests/unit/admin-{{kebab}}.test.tsx' },
  { key: 'apiTest', template: 'test-api.ts.tpl', path: 'tests/api/{{kebab}}.test.ts' },
  { key: 'e2eTest', template: 'test-e2e.ts.tpl', path: 'tests/e2e/admin-{{kebab}}.spec.ts' },
];

/**
 * The shared lists a resource joins: the generator inserts its lines right above the line of the
 * file that holds `@new-resource: <slot>` (with that line's indentation). Those anchor comments
 * stay in the files; an edit whose anchor is missing stops the generator before it writes anything.
 */
export const ANCHORED_EDITS: ReadonlyArray<{ path: string; slot: string; lines: string[] }> = [
  {
    path: 'server/src/db/migrations/index.ts',
    slot: 'migration imports',
    lines: ["import * as m{{number}} from './{{number}}_{{name}}.js';"],
  },
  { path: 'server/src/db/migrations/index.ts', slot: 'migrations', lines: ["'{{number}}_{{name}}': m{{number}},"] },
  {
    path: 'server/src/db/schema.ts',
    slot: 'tables',
    lines: [
      '/** {{labelPlural}} (npm run new:resource): a name, unique without case, and a description. */',
      'export interface {{Plural}}Table {',
      '  id: Generated<number>;',
      '  name: string;',
      '  description: string | null;',
      '  created_at: Timestamp;',
      '  updated_at: Timestamp;',
      '}',
      '',
    ],
  },
  { path: 'server/src/db/schema.ts', slot: 'database', lines: ['{{name}}: {{Plural}}Table;'] },
  {
    path: 'server/src/db/schema.ts',
    slot: 'rows',
    lines: ['export type {{Singular}}Row = Selectable<{{Plural}}Table>;'],
  },
  {
    path: 'server/src/access/permissions.ts',
    slot: 'permissions',
    lines: [
      'read_{{name}}: {{q:permRead}},',
      'create_{{name}}: {{q:permCreate}},',
      'update_{{name}}: {{q:permUpdate}},',
      'delete_{{name}}: {{q:permDelete}},',
    ],
  },
  { path: 'server/src/http/errors.ts', slot: 'not found', lines: ['{{singular}}: {{q:notFound}},'] },
  {
    path: 'server/src/modules/index.ts',
    slot: 'modules',
    lines: [
      "{ name: '{{kebab}}', routes: () => import('./{{kebab}}/routes.js'), repository: () => import('./{{kebab}}/repository.js') },",
    ],
  },
  {
    path: 'server/src/contract.ts',
    slot: 'contract',
    lines: ["export type { {{Singular}}Resource } from '{{import:schemas}}';"],
  },
  {
    path: 'server/src/http/openapi-text.ts',
    slot: 'module descriptions',
    lines: [
      "'{{kebab}}': 'A name, unique whatever its case, and a description (made by npm run new:resource); each change is recorded in the audit trail as a `{{singular}}`.',",
    ],
  },
  { path: 'src/admin/resources.ts', slot: 'imports', lines: ["import { {{camel}} } from './{{name}}';"] },
  { path: 'src/admin/resources.ts', slot: 'sections', lines: ['{{camel}},'] },
  { path: 'src/admin/audit/messages.ts', slot: 'audit types', lines: ['{{singular}}: {{q:label}},'] },
];

/** Folders whose presence means the resource exists already. */
export const EXISTING_MARKERS: readonly string[] = ['src/admin/{{name}}', 'server/src/modules/{{kebab}}'];

/** Where the migrations are (the new one takes the next number). */
export const MIGRATIONS_DIR = 'server/src/db/migrations';
/** The permission catalogue (a resource whose permissions are there exists already). */
export const PERMISSION_CATALOGUE = 'server/src/access/permissions.ts';
/** Where the API's routes are declared (a resource whose path is taken exists already). */
export const SERVER_SOURCES = 'server/src';
