import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';

/**
 * Repositories and route modules register themselves (plugins/repositories.ts, routes/index.ts):
 * a new resource adds files, not lines to a list. These checks fail when a module declares itself
 * in one place and not the other, so a forgotten export is a red test, not an undefined at run time.
 */
const server = fileURLToPath(new URL('../../server/src/', import.meta.url));
const modulesOf = (folder: string) =>
  readdirSync(join(server, folder))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, path: join(server, folder, file), source: readFileSync(join(server, folder, file), 'utf8') }));

describe.each(databases)('self-registration (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('every repository that adds itself to Repositories exports its definition, and app.repos has it', async () => {
    const declared = modulesOf('repositories')
      .filter(({ file }) => file !== 'registry.ts')
      .flatMap(({ file, path, source }) => {
      const names = [...source.matchAll(/interface Repositories \{\s*(\w+):/g)].map((match) => match[1]);
      return names.map((name) => ({ file, path, name }));
    });
    expect(declared.length).toBeGreaterThan(10);
    for (const { file, path, name } of declared) {
      const module = (await import(pathToFileURL(path).href)) as { repository?: { name: string } };
      expect(module.repository?.name, file).toBe(name);
      expect(ctx.app.repos[name as keyof typeof ctx.app.repos], file).toBeTypeOf('object');
    }
    expect(Object.keys(ctx.app.repos).sort()).toEqual(declared.map((d) => d.name).sort());
  });

  it('every module of server/src/routes is a plugin whose routes are served under /api', async () => {
    for (const { file, path } of modulesOf('routes').filter(({ file }) => file !== 'index.ts')) {
      const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
      expect(module.default, file).toBeTypeOf('function');
    }
    // One route of each resource family, so a module that stopped registering is noticed.
    for (const url of ['/api/teams', '/api/sessions', '/api/courses', '/api/reports/dashboard', '/api/audit-log', '/api/accessibility-reports']) {
      expect(ctx.app.hasRoute({ method: 'GET', url }), url).toBe(true);
    }
  });
});
