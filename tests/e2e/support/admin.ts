import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** Helpers for the back-office specs (tests/e2e/admin-*.spec.ts). */

/** A name no seed row has, so specs sharing a worker's database do not collide. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Collects the list calls of `resource` (GET /api/<resource>?…) made from now on. */
export function listRequests(page: Page, resource: string): Request[] {
  const seen: Request[] = [];
  const path = `/api/${resource}`;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === path) seen.push(request);
  });
  return seen;
}

export function searchOf(request: Request): string | null {
  return (
    new URL(request.url()).searchParams.get('filter[search]') ?? new URL(request.url()).searchParams.get('filter[name]')
  );
}

/** Types into the list's search box the way a person does, then lets the 500 ms pause pass. */
export async function searchFor(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Cerca' }).pressSequentially(term, { delay: 60 });
  await expect(page.getByRole('heading', { level: 2, name: `Risultati per "${term}"` })).toBeVisible();
}

/** The back-office lists' search pause (SEARCH_DEBOUNCE_MS), and a person's time between two keys. */
const SEARCH_PAUSE_MS = 500;
const KEY_INTERVAL_MS = 60;

/**
 * searchFor on the page's own clock, for the tests that count the list's requests. The clock is
 * held and moved by hand: 60 ms after each key, then to just short of the pause, when no search may
 * have gone out yet; then it runs on. However long the test process stalls between two keys on a
 * loaded machine, the page sees a person typing. Call it once the list has loaded: the keys go
 * straight to the focused box.
 */
export async function searchOnceFor(page: Page, term: string, requests: Request[]): Promise<void> {
  await page.getByRole('searchbox', { name: 'Cerca' }).focus();
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  for (const key of term) {
    await page.keyboard.type(key);
    await page.clock.runFor(KEY_INTERVAL_MS);
  }
  await page.clock.runFor(SEARCH_PAUSE_MS - KEY_INTERVAL_MS - 20);
  // Real time passes, the page's does not: a search sent mid-word would be seen by now.
  await page.waitForTimeout(300);
  expect(requests.filter((request) => searchOf(request) !== null).map(searchOf)).toEqual([]);
  await page.clock.resume();
  await expect(page.getByRole('heading', { level: 2, name: `Risultati per "${term}"` })).toBeVisible();
}

export function openDialog(page: Page, name?: string | RegExp): Locator {
  return name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');
}

/** The table row that shows `text`. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Picks `optionText` in a search picker after typing `term` (2+ characters, 500 ms pause). */
export async function pick(
  scope: Locator | Page,
  label: string | RegExp,
  term: string,
  optionText: string | RegExp,
): Promise<void> {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  await input.pressSequentially(term, { delay: 40 });
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: optionText }).first().click();
}

/** Confirms the shared confirm dialog. */
export async function confirm(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Conferma' }) });
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();
}
