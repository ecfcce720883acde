import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts';

/** The login screen's "Accedi con …" control (a button, or a link styled as one). */
export function signInButton(page: Page) {
  const name = /^Accedi con\b/;
  return page.getByRole('button', { name }).or(page.getByRole('link', { name }));
}

/**
 * Signs in the way a person does: the login screen, the development provider's form, back through
 * /auth/callback to the dashboard. Nothing is faked: the code exchange and the token are real.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await signInFromLoginScreen(page, email, password);
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByText(/^Ciao,/)).toBeVisible();
}

/** From the login screen already open: its button, then the development provider's form, submitted. */
export async function signInFromLoginScreen(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signInButton(page).click();
  await page.waitForURL(/\/idp\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"], form input[type="submit"]').click();
}
