import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

/**
 * The interactive API reference (/api/docs, Swagger UI) renders under the app's own
 * Content-Security-Policy: no violation, no error in the console, and the reference's operations
 * with their access rule on screen.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

test('the API reference page renders under the CSP, without console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Violations the browser reports to the page itself, in case one never reaches the console.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []);
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI builds the page from the whole document, which takes a while on a busy machine.
  await expect(page.getByRole('heading', { name: /Percorso API/ })).toBeVisible({ timeout: 30_000 });

  // The operations of a module, with the permission each one checks.
  const teams = page.locator('#operations-tag-teams');
  await teams.click();
  const listTeams = page.locator('#operations-teams-get_api_teams');
  await expect(listTeams).toBeVisible();
  await listTeams.locator('.opblock-summary-control').click();
  await expect(listTeams.getByText('x-permission')).toBeVisible();
  await expect(listTeams.getByText('read_teams').first()).toBeVisible();

  const violations = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});

test('the API reference page passes axe, closed and with an operation open', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI builds the page from the whole document, which takes a while on a busy machine.
  await expect(page.getByRole('heading', { name: /Percorso API/ })).toBeVisible({ timeout: 30_000 });
  const closed = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(WCAG_TAGS).analyze();
  expect(closed.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.locator('#operations-tag-teams').click();
  const operation = page.locator('#operations-teams-get_api_teams__id_');
  await operation.locator('.opblock-summary-control').click();
  await expect(operation.getByText('x-relation')).toBeVisible();
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(WCAG_TAGS)
    // Swagger UI's own markup of an open operation, which no stylesheet changes: its summary row is
    // a button holding the path's link (nested-interactive, and the link's target size), and its
    // example responses are scrollable <pre> blocks without a tabindex.
    .disableRules(['nested-interactive', 'target-size', 'scrollable-region-focusable'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
