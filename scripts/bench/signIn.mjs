// Signs a demo account in through the real flow (login screen → development provider → dashboard).
// `origin` is for a context without a base URL (one browser profile signed in on several servers).
export async function signIn(context, email, { password = 'demo', origin = '' } = {}) {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  const name = /^Accedi con\b/;
  await page.getByRole('button', { name }).or(page.getByRole('link', { name })).click();
  await page.waitForURL(/\/idp\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
  await page.close();
}
