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
  return new URL(request.url()).searchParams.get('filter[search]') ?? new URL(request.url()).searchParams.get('filter[name]');
}

/** Types into the list's search box the way a person does, then lets the 500 ms pause pass. */
export async function searchFor(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Cerca' }).pressSequentially(term, { delay: 60 });
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
export async function pick(scope: Locator | Page, label: string | RegExp, term: string, optionText: string | RegExp): Promise<void> {
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
