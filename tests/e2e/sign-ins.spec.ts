import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { emailOf, type DemoAccount } from './support/accounts';
import { signIn } from './support/sign-in';
import { userByEmail } from './support/seed-queries';

/**
 * "Accessi attivi": one person signed in from two browsers (two contexts, each through the real
 * sign-in); ending the other one's sign-in from the first signs the other out at its next request.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** The second browser says it is Firefox on Windows: its sign-in is told apart by that. */
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Accedi con il tuo account' });

async function signedInContext(browser: Browser, account: DemoAccount, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await signIn(page, emailOf(account));
  return { context, page };
}

async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}`,
    ),
  );
}

/** Opens "Accessi attivi" from the portal's user menu. */
async function openFromUserMenu(page: Page, fullName: string) {
  await page.getByRole('button', { name: new RegExp(`^${fullName}, Menu utente`) }).click();
  await page.getByRole('menuitem', { name: 'Accessi attivi' }).click();
  await expect(page).toHaveURL(/\/accessi-attivi$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessi attivi' })).toBeVisible();
}

test.describe.configure({ mode: 'parallel' });

test.describe('"Accessi attivi"', () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async ({ signedInStates }) => {
    for (const context of contexts.splice(0)) await context.close();
    // The sign-ins ended here may include the one this worker keeps for pageAs: sign in afresh next time.
    for (const account of ['ospite', 'esperto'] as const) signedInStates.delete(emailOf(account));
  });

  test("lists my sign-ins, marks this device, and ends the other browser's: it is signed out at its next request", async ({
    browser,
    seedDb,
  }) => {
    const user = userByEmail(seedDb, emailOf('ospite'));
    const here = await signedInContext(browser, 'ospite');
    const there = await signedInContext(browser, 'ospite', FIREFOX_WINDOWS);
    contexts.push(here.context, there.context);

    await openFromUserMenu(here.page, `${user.name} ${user.surname}`);
    const list = here.page.getByRole('list', { name: 'Accessi attivi' });
    const current = list.getByRole('listitem').filter({ hasText: 'Questo dispositivo' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Chrome su Linux');
    await expect(current).toContainText(/Accesso effettuato il \d/);
    const other = list.getByRole('listitem').filter({ hasText: 'Firefox su Windows' });
    await expect(other).toHaveCount(1);
    await expect(other).not.toContainText('Questo dispositivo');
    // The page of this device offers no "Esci" for itself (the user menu's Logout does that).
    await expect(current.getByRole('button')).toHaveCount(0);

    expect(await wcagViolations(here.page)).toEqual([]);

    await other.getByRole('button', { name: /^Esci dall'accesso di Firefox su Windows del / }).click();
    await expect(other).toHaveCount(0);
    await expect(here.page.getByText('Accesso chiuso: su quel dispositivo servirà accedere di nuovo.')).toBeAttached();

    // The other browser: its next request is refused, and it shows the login screen.
    await there.page.reload();
    await expect(loginHeading(there.page)).toBeVisible();
    expect(await there.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // This one goes on.
    await here.page.reload();
    await expect(here.page.getByRole('heading', { level: 1, name: 'Accessi attivi' })).toBeVisible();
    await expect(current).toHaveCount(1);
    expect(await wcagViolations(here.page)).toEqual([]);
  });

  test('"Esci da tutti i dispositivi" signs out every browser, this one too', async ({ browser }) => {
    const here = await signedInContext(browser, 'esperto');
    const there = await signedInContext(browser, 'esperto', FIREFOX_WINDOWS);
    contexts.push(here.context, there.context);

    await here.page.goto('/accessi-attivi');
    await expect(here.page.getByRole('list', { name: 'Accessi attivi' }).getByRole('listitem')).not.toHaveCount(0);
    await here.page.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click();
    await expect(loginHeading(here.page)).toBeVisible();
    await expect(here.page).toHaveURL(/\/$/);
    expect(await here.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await there.page.reload();
    await expect(loginHeading(there.page)).toBeVisible();
  });
});
