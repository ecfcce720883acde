import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit test files that replace modules with vi.mock: each needs a module graph of its own. */
const MODULE_MOCKING_UNIT_TESTS = [
  'tests/unit/authProvider-adminRoute.test.tsx',
  'tests/unit/cropPreview.test.tsx',
  'tests/unit/imageCropDialog.test.tsx',
  'tests/unit/lessonVideo.test.tsx',
  'tests/unit/pageStart.test.ts',
  'tests/unit/percorso.test.tsx',
  'tests/unit/serviceUnavailable.test.tsx',
  'tests/unit/session.test.tsx',
];

/** Unit test files that read the repository from Node (no page, no browser globals to reset). */
const NODE_UNIT_TESTS = ['tests/unit/docs-paths.test.ts'];

const unit = { environment: 'jsdom', setupFiles: ['tests/unit/setup.ts'] };

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its own process, which mostly waits: on two cores that
    // would run every file one after the other.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          ...unit,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...MODULE_MOCKING_UNIT_TESTS, ...NODE_UNIT_TESTS],
          // Files share a worker's loaded modules (React, MUI, react-admin load once, not once per
          // file); tests/unit/setup.ts empties what a test may leave behind.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...unit, name: 'unit-mocked', include: MODULE_MOCKING_UNIT_TESTS },
      },
      { test: { name: 'unit-node', environment: 'node', include: NODE_UNIT_TESTS } },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/api/setup.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
          // The server keeps its state per app and per database (nothing at module level depends on
          // either), so files share a worker's loaded modules.
          isolate: false,
        },
      },
      {
        // Builds a network of hosts with `ip netns` (root, iproute2, nginx, PostgreSQL): `npm run test:cluster`.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
