import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { unique } from './support/admin';

/** The back-office list of accessibility reports: each row's state, changed by mouse and by keyboard. */

async function reportAs(page: Page, description: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/accessibility-reports', {
    headers: { Authorization: `Bearer ${token}` },
    data: { description, page_url: '/dashboard' },
  });
  expect(response.status()).toBe(201);
}

test('a report state: arrow keys step without saving, Enter or leaving saves once, a mouse choice saves at once, focus stays', async ({
  pageAs,
}) => {
  const description = unique('Il menu non si apre con la tastiera');
  const member = await pageAs('membro');
  await member.goto('/dashboard');
  await reportAs(member, description);

  const page = await pageAs('admin');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/accessibility-reports/'))
      saves.push(request.postData() ?? '');
  });
  await page.goto('/admin/accessibility');
  const state = page
    .getByRole('row')
    .filter({ hasText: description })
    .getByRole('combobox', { name: /^Stato della segnalazione di/ });
  await expect(state).toHaveValue('new');
  // Wide enough for its longest state.
  expect((await state.boundingBox())!.width).toBeGreaterThanOrEqual(150);

  await state.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(state).toHaveValue('resolved');
  expect(saves).toEqual([]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Stato aggiornato: In lavorazione')).toBeVisible();
  await expect(state).toBeFocused();
  expect(saves.map((body) => JSON.parse(body).state)).toEqual(['in_progress']);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Stato aggiornato: Risolta')).toBeVisible();
  expect(saves.map((body) => JSON.parse(body).state)).toEqual(['in_progress', 'resolved']);

  await state.selectOption('new');
  await expect(page.getByText('Stato aggiornato: Nuova')).toBeVisible();
  expect(saves.map((body) => JSON.parse(body).state)).toEqual(['in_progress', 'resolved', 'new']);
});

test('the state filter keeps focus while the list reloads', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin/accessibility');
  const filter = page.getByRole('combobox', { name: 'Filtra per stato' });
  await filter.focus();
  await filter.selectOption('resolved');
  await expect(page).toHaveURL(/resolved/);
  await expect(filter).toHaveValue('resolved');
  await expect(filter).toBeFocused();
  // By keyboard, each step filters again.
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/in_progress/);
  await page.keyboard.press('Home');
  await expect(page).not.toHaveURL(/state/);
  await expect(filter).toHaveValue('');
  await expect(filter).toBeFocused();
});

test('a long address or word wraps in its cell: the state and the answer-by columns stay on screen', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/accessibility');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const long = `https://example.com/${'percorso-lunghissimo'.repeat(20)}`;
  const response = await page.request.post('/api/accessibility-reports', {
    headers: { Authorization: `Bearer ${token}` },
    data: { description: `${unique('Parola')}${'x'.repeat(400)}`, page_url: long },
  });
  expect(response.status()).toBe(201);
  await page.reload();
  await expect(page.getByText(long.slice(0, 30)).first()).toBeVisible();
  const header = page.getByRole('columnheader', { name: 'Rispondere entro' });
  const box = await header.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
});

test('the heading and the empty text follow the state filter', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin/accessibility');
  await expect(page.getByRole('heading', { level: 2, name: 'Tutte le segnalazioni' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filtra per stato' }).selectOption('resolved');
  await expect(page.getByRole('heading', { level: 2, name: 'Segnalazioni nello stato «Risolta»' })).toBeVisible();
  await expect(page.getByText('Nessuna segnalazione ricevuta')).toHaveCount(0);
});
