import { chromium } from 'playwright-core';
const base = 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
async function signIn(email, viewport = { width: 1280, height: 900 }) {
  const page = await (await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await page.goto(base + '/');
  await page.getByRole('button', { name: /^Accedi con/ }).or(page.getByRole('link', { name: /^Accedi con/ })).click();
  await page.waitForURL(/\/idp\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('demo');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/dashboard$/);
  return page;
}
const shots = JSON.parse(process.argv[2]);
for (const [email, path, file, wait] of shots) {
  const page = await signIn(email);
  await page.goto(base + path);
  await page.waitForTimeout(wait ?? 2500);
  await page.screenshot({ path: `/tmp/shot/${file}.png`, fullPage: true });
  console.log('shot', file);
}
await browser.close();
