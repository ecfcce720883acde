import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { emailOf } from './support/accounts';

/** "I miei dati": the download of one's data, the erasure request, and staff's list of requests. */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function axeViolations(page: Page): Promise<string[]> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

test('"I miei dati": downloads the JSON of what is held, asks for erasure, and staff see the request', async ({
  pageAs,
  seedDb,
}) => {
  const email = emailOf('ospite');
  const person = seedDb.prepare('select id, name, surname from users where email = ?').get(email) as {
    id: number;
    name: string;
    surname: string;
  };
  const page = await pageAs('ospite');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Menu utente/ }).click();
  await page.getByRole('menuitem', { name: 'I miei dati' }).click();
  await expect(page).toHaveURL(/\/i-miei-dati$/);
  await expect(page.getByRole('heading', { level: 1, name: 'I miei dati' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Che cosa conserviamo' })).toBeVisible();
  const ask = page.getByRole('button', { name: 'Chiedi la cancellazione' });
  await expect(ask).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The download: one JSON document about this person, with no token in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Scarica i miei dati' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('percorso-i-miei-dati.json');
  const text = readFileSync((await download.path())!, 'utf8');
  const doc = JSON.parse(text) as Record<string, unknown> & { user: { id: number; email: string } };
  expect(doc.user).toMatchObject({ id: person.id, email, name: person.name, surname: person.surname });
  for (const section of ['roles', 'teams', 'sessions_as_expert', 'attendances', 'lesson_progress', 'audit'])
    expect(Array.isArray(doc[section])).toBe(true);
  expect(doc.calendar_feed).toHaveProperty('active');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  expect(text).not.toContain(token!);
  expect(text).not.toMatch(/token_hash|id_token/);

  // The request: a confirmation dialog first; cancelling changes nothing.
  await ask.click();
  const dialog = page.getByRole('dialog', { name: 'Chiedere la cancellazione dei tuoi dati?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();
  await ask.click();
  await dialog.getByRole('button', { name: 'Sì, chiedi la cancellazione' }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByText(/^Hai chiesto la cancellazione il .+La richiesta è in attesa/);
  await expect(pending).toBeVisible();
  await expect(ask).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  // Still pending on the next visit.
  await page.reload();
  await expect(pending).toBeVisible();
  await expect(ask).toHaveCount(0);

  // Staff who may delete users see it, linked to the person.
  const admin = await pageAs('admin');
  await admin.goto('/admin/erasure_requests');
  await expect(admin.getByRole('heading', { level: 1, name: 'Richieste di cancellazione' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Da eseguire');
  expect(await axeViolations(admin)).toEqual([]);
  await row.getByRole('link', { name: `Apri ${person.name} ${person.surname} in Gestione utenti` }).click();
  await expect(admin).toHaveURL(/\/admin\/users\?filter=/);
  await expect(admin.getByRole('row').filter({ hasText: email })).toBeVisible();
});
