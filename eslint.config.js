import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * How src/ may import from server/: the API's types from its contract (server/src/contract.ts, the
 * one barrel every request and response type is exported from), as types only, and the
 * dependency-free rule modules (a lesson's video URL, a person's details) as values.
 */
const CONTRACT_IMPORTS = [
  {
    regex: '(^|/)server/(?!src/(contract|modules/lessons/video-url|modules/users/person-rules)$)',
    message: 'Take API types from server/src/contract (import type).',
  },
  {
    group: ['**/server/src/contract'],
    allowTypeImports: true,
    message: 'The API contract reaches the browser as types only: use `import type`.',
  },
];

/** Imports every module of src/ keeps to (see the rule below). */
const SRC_PATHS = [
  // The package indexes reach every component: one such import in a shared module puts all of
  // MUI's components that the back-office uses into the portal's shared chunk.
  { name: '@mui/material', message: "Import each component from its own path: '@mui/material/Button'." },
  { name: '@mui/icons-material', message: "Import each icon from its own path: '@mui/icons-material/Menu'." },
  ...['react-router', 'react-router-dom'].map((name) => ({
    name,
    importNames: ['Link', 'NavLink'],
    message: "Use src/routing/Link: react-router's own links bring its framework-mode prefetching into every page.",
  })),
];
const SRC_PATTERNS = [
  ...CONTRACT_IMPORTS,
  {
    group: ['**/dataProvider/*', '!**/dataProvider/session', '!**/dataProvider/apiError'],
    message:
      "Import the data provider from src/dataProvider (its index); the back-office's (src/dataProvider/backOffice) is for src/admin only.",
  },
];
/** The back-office may also take its own provider, with the calls only it makes. */
const BACK_OFFICE_PATTERNS = [
  ...CONTRACT_IMPORTS,
  {
    group: [
      '**/dataProvider/*',
      '!**/dataProvider/session',
      '!**/dataProvider/apiError',
      '!**/dataProvider/backOffice',
    ],
    message:
      "Import the data provider from src/dataProvider (its index), or the back-office's from src/dataProvider/backOffice.",
  },
];
/** react-admin's data hooks: the back-office's, never on a portal page (they bring ra-core's data layer along). */
const BACK_OFFICE_DATA = [
  {
    name: 'ra-core',
    importNames: [
      'useGetOne',
      'useGetList',
      'useGetMany',
      'useGetIdentity',
      'usePermissions',
      'useLogout',
      'useDataProvider',
      'useUpdate',
      'useCreate',
      'useDelete',
      'useQueryClient',
      'CoreAdminContext',
    ],
    message:
      "Portal pages read with TanStack Query's useQuery on the app's client (src/queryClient.ts) and src/portal/portalData.ts; react-admin's data hooks load with the back-office only.",
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'blob-report/',
      '.bench/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the React Compiler rules of the plugin's "recommended" preset are
    // left out because the app is not compiled with the React Compiler.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The browser takes the API's types from the server's contract module, as types only (erased by
    // the build); the one value it shares is the dependency-free video URL rule.
    files: ['src/dataProvider/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: CONTRACT_IMPORTS }] },
  },
  {
    // Outside src/dataProvider, the data provider is used through its index only (or, for the
    // sign-in screen and the authProvider, its session part: src/dataProvider/session.ts); the
    // back-office also through its own (src/dataProvider/backOffice.ts). A failed call's text is
    // read with src/dataProvider/apiError.ts, which imports nothing. The next block holds the
    // portal to the index.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: SRC_PATHS, patterns: BACK_OFFICE_PATTERNS }],
    },
  },
  {
    // The portal's pages and what they share with the back-office stay off react-admin's data hooks.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/**', 'src/admin/**', 'src/providers.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [...SRC_PATHS, ...BACK_OFFICE_DATA], patterns: SRC_PATTERNS },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'tests/api/**/*.ts',
      'tests/e2e/**/*.ts',
      'build/**/*.ts',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Once an AsyncLocalStorage is entered (or an async hook enabled), Node runs a hook for every
    // promise of every request from then on: request state travels as arguments instead, e.g. the
    // audit trail's author (actorOf(request)).
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:async_hooks', 'async_hooks'].map((name) => ({
            name,
            importNames: ['AsyncLocalStorage', 'createHook'],
            message: 'Pass request state as arguments: an entered AsyncLocalStorage costs every later promise a hook.',
          })),
        },
      ],
    },
  },
  {
    // Routes validate, authorize, call a repository (app.repos) and present: no SQL, no database
    // handle, no clock of their own. Queries live in server/src/modules/<resource>/repository.ts.
    files: ['server/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message:
                'Route files do not build SQL: add a method to the resource repository (server/src/modules/<resource>/repository.ts).',
            },
          ],
          patterns: [
            {
              group: ['**/db/index.js', '**/db/index'],
              message: 'Route files do not use the database: call app.repos.<resource>.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='db']",
          message: 'Route files do not use the database: call app.repos.<resource>.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction|executeQuery)$/]',
          message:
            'Route files do not build SQL: add a method to the resource repository (server/src/modules/<resource>/repository.ts).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message:
            'Route files do not build SQL: add a method to the resource repository (server/src/modules/<resource>/repository.ts).',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use the server clock: app.now().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Use the server clock: app.now().',
        },
      ],
    },
  },
  {
    // Repositories take the clock they are given (`now`), so tests can move time.
    files: [
      'server/src/**/repository.ts',
      'server/src/**/*-repository.ts',
      'server/src/modules/{list,shared}.ts',
      'server/src/modules/positions/swap.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use the clock the repository is given: isoNow(now) or now().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Use the clock the repository is given: now().',
        },
      ],
    },
  },
);
