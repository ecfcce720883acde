import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';

/**
 * Repositories and route modules are listed once, in server/src/modules/index.ts (plugins/api.ts
 * and plugins/repositories.ts build from it). These checks fail when a module declares itself in
 * one place and not the other, or is left off the list, so a forgotten line is a red test, not an
 * undefined at run time.
 */
const server = fileURLToPath(new URL('../../server/src/', import.meta.url));
const sourceFiles = (folder: string): string[] =>
  readdirSync(join(server, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(folder, file));
const modulesOf = (files: string[]) =>
  files.map((file) => ({ file, path: join(server, file), source: readFileSync(join(server, file), 'utf8') }));
/** The module files modules/index.ts imports, relative to server/src. */
const listed = new Set(
  [...readFileSync(join(server, 'modules/index.ts'), 'utf8').matchAll(/import\('([^']+)\.js'\)/g)].map((match) =>
    relative(server, join(server, 'modules', `${match[1]}.ts`)),
  ),
);

describe.each(databases)('self-registration (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('every repository that adds itself to Repositories exports its definition, and app.repos has it', async () => {
    const declared = modulesOf(sourceFiles('.'))
      .filter(({ file }) => file !== join('modules', 'registry.ts'))
      .flatMap(({ file, path, source }) => {
        const names = [...source.matchAll(/interface Repositories \{\s*(\w+):/g)].map((match) => match[1]);
        return names.map((name) => ({ file, path, name }));
      });
    expect(declared.length).toBeGreaterThan(10);
    for (const { file, path, name } of declared) {
      const module = (await import(pathToFileURL(path).href)) as { repository?: { name: string } };
      expect(module.repository?.name, file).toBe(name);
      expect(listed.has(file), `${file} is listed in modules/index.ts`).toBe(true);
      expect(ctx.app.repos[name as keyof typeof ctx.app.repos], file).toBeTypeOf('object');
    }
    expect(Object.keys(ctx.app.repos).sort()).toEqual(declared.map((d) => d.name).sort());
  });

  it('every routes.ts of server/src/modules is a plugin whose routes are served under /api', async () => {
    const routes = modulesOf(sourceFiles('modules').filter((file) => file.endsWith('/routes.ts')));
    expect(routes.length).toBeGreaterThan(10);
    for (const { file, path } of routes) {
      const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
      expect(module.default, file).toBeTypeOf('function');
      expect(listed.has(file), `${file} is listed in modules/index.ts`).toBe(true);
    }
    // One route of each resource family, so a module that stopped registering is noticed.
    for (const url of [
      '/api/teams',
      '/api/sessions',
      '/api/courses',
      '/api/reports/dashboard',
      '/api/audit-log',
      '/api/accessibility-reports',
    ]) {
      expect(ctx.app.hasRoute({ method: 'GET', url }), url).toBe(true);
    }
  });
});
