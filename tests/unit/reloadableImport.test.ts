import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { failedModuleAddress, reloadableImport } from '../../src/components/reloadableImport';

/** A module on disk, and the failure a browser that keeps failed imports failed gives for it. */
function failingModule() {
  const dir = join(__dirname, '../../node_modules/.cache/percorso-reloadable-import');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'screen.mjs');
  writeFileSync(file, 'export default "the screen";\nexport const named = "named";\n');
  const address = pathToFileURL(file).href;
  let asked = 0;
  const load = () => {
    asked += 1;
    return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`));
  };
  return { address, load, asked: () => asked };
}

describe('failedModuleAddress', () => {
  it("reads the address Chromium's and Firefox's messages name, without a fragment", () => {
    expect(
      failedModuleAddress(
        new TypeError('Failed to fetch dynamically imported module: https://p.example/assets/A-1.js'),
      ),
    ).toBe('https://p.example/assets/A-1.js');
    expect(
      failedModuleAddress(
        new TypeError('error loading dynamically imported module: https://p.example/assets/A-1.js#retry-2'),
      ),
    ).toBe('https://p.example/assets/A-1.js');
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleAddress('Failed to fetch dynamically imported module: x')).toBeUndefined();
  });
});

describe('reloadableImport', () => {
  it('after a failure, asks for the module again under a new address rather than repeating the failed import', async () => {
    const { load, asked } = failingModule();
    const importScreen = reloadableImport(load);
    await expect(importScreen()).rejects.toThrow(/dynamically imported module/);
    expect(asked()).toBe(1);
    const module = (await importScreen()) as unknown as { default: string };
    expect(module.default).toBe('the screen');
    expect(asked()).toBe(1);
  });

  it('without an address in the failure, simply imports again', async () => {
    let asked = 0;
    const importScreen = reloadableImport(() =>
      ++asked === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve('loaded'),
    );
    await expect(importScreen()).rejects.toThrow();
    await expect(importScreen()).resolves.toBe('loaded');
    expect(asked).toBe(2);
  });

  it('wrapped in another one, leaves the retry to the inner one, so that what the outer load makes of the module still applies', async () => {
    const { load } = failingModule();
    const inner = reloadableImport(load);
    const outer = reloadableImport(() =>
      inner().then((module) => ({ default: (module as unknown as { named: string }).named })),
    );
    await expect(outer()).rejects.toThrow();
    await expect(outer()).resolves.toEqual({ default: 'named' });
  });
});
