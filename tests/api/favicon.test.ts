import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';

function distWithSvgIcon(): string {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="it"><div id="root"></div></html>');
  writeFileSync(join(dir, 'favicon.svg'), SVG);
  return dir;
}

/** The development provider's pages and any page asking /favicon.ico get the SVG icon, not a 404. */
describe.each(databases)('favicon (%s)', (kind) => {
  const ctx = useTestApp(kind, { DIST_DIR: distWithSvgIcon() });

  it('links /favicon.svg from the development provider pages', async () => {
    for (const url of ['/idp/account', '/idp/privacy']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });

  it('redirects /favicon.ico to /favicon.svg, which is served as SVG', async () => {
    const ico = await ctx.app.inject({
      method: 'GET',
      url: '/favicon.ico',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
    const svg = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(svg.body).toBe(SVG);
  });
});
