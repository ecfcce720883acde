import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_ACCOUNTS, emailOf, type DemoAccount } from './support/accounts';
import { navigation, navItem, navItemNames, userMenuButton } from './support/layout';
import {
  permissionCount,
  sessionsAsExpert,
  teamsAsExpert,
  teamsOf,
  tokenCount,
  userByEmail,
} from './support/seed-queries';
import { signInButton, signInFromLoginScreen } from './support/sign-in';

/** The login screen, the callback, the shared layout, the dashboard, the sidebar rules and "Not found." */

// Every test stands alone (its own context; the worker's server is shared but only read, except for
// the logout test's own token), so the file's tests spread over the workers.
test.describe.configure({ mode: 'parallel' });

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('login screen', () => {
  test('shows the heading, the explanation, the provider button and the footer links', async ({ page, request }) => {
    const config = (await (await request.get('/api/config')).json()) as { provider_label: string; privacy_url: string };
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Accedi con il tuo account' })).toBeVisible();
    await expect(page.getByText(/e-learning/)).toContainText(/spam/);
    await expect(signInButton(page)).toBeVisible();
    await expect(signInButton(page)).toHaveText(`Accedi con ${config.provider_label}`);

    const privacy = page.getByRole('link', { name: 'Privacy Policy' });
    await expect(privacy).toHaveAttribute('target', '_blank');
    await expect(privacy).toHaveAttribute('href', config.privacy_url);
    await expect(
      page.getByRole('link', { name: 'Termini e condizioni' }).or(page.getByText('Termini e condizioni')),
    ).toBeVisible();
  });

  test('the card is at most 400px wide and 710px high', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'Accedi con il tuo account' });
    await expect(heading).toBeVisible();
    // The card is the nearest ancestor of the heading that also holds the sign-in button.
    const card = page
      .locator('*', { has: heading })
      .filter({ has: signInButton(page) })
      .last();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeLessThanOrEqual(400);
    expect(box!.height).toBeLessThanOrEqual(710);
  });

  test('the button goes to the provider with client_id, redirect_uri, response_type=code, state and PKCE', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const authorize = page.waitForRequest(
      (request) => request.isNavigationRequest() && request.url().includes('/idp/'),
    );
    await signInButton(page).click();
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('client_id')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${baseURL}/auth/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('wrong password stays on the provider and signs nobody in', async ({ page }) => {
    await page.goto('/');
    await signInButton(page).click();
    await page.locator('input[name="login"]').fill(emailOf('membro'));
    await page.locator('input[name="password"]').fill('sbagliata');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/idp\//);
    await expect(page.locator('input[name="password"]')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('login callback', () => {
  test('without a code shows "Invalid request."', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page.getByText('Invalid request.', { exact: true })).toBeVisible();
    // English words in an Italian page are marked as such, and the tab says what the page says.
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Invalid request. · Percorso');
    // Not a dead end: the way back to the start.
    await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
    await expect(signInButton(page)).toBeVisible();
  });

  test('with a code the provider never issued shows the error screen with "Riprova"', async ({ page }) => {
    await page.goto('/auth/callback?code=inventato&state=inventato');
    await expect(page.getByRole('heading', { name: 'Errore' })).toBeVisible();
    await expect(page.getByText('Si è verificato un errore durante il login. Riprova più tardi.')).toBeVisible();
    // One alert says it at once (the reason, here an expired request), and the tab names the page.
    await expect(page.getByRole('alert')).toHaveText('La richiesta di accesso è scaduta: riprova.');
    await expect(page).toHaveTitle('Errore · Percorso');
    const retry = page.getByRole('link', { name: 'Riprova' });
    await expect(retry).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
    await retry.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(signInButton(page)).toBeVisible();
  });
});

test.describe('sign-in and dashboard per demo account', () => {
  for (const { key, email } of DEMO_ACCOUNTS) {
    test(`${key} signs in through the development provider and sees the right dashboard and sidebar`, async ({
      page,
      loginAs,
      seedDb,
    }) => {
      const user = userByEmail(seedDb, email);
      const teams = teamsOf(seedDb, user.id);
      const hasPermissions = permissionCount(seedDb, user.id) > 0;

      await loginAs(page, email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(`Ciao, ${user.name}`, { exact: false }).first()).toBeVisible();
      await expect(userMenuButton(page, `${user.name} ${user.surname}`)).toBeVisible();

      const expected = [
        'Dashboard',
        ...(teams.length ? ['Percorso', 'Drive'] : []),
        ...(user.mooc_access ? ['Videocorsi'] : []),
        ...(hasPermissions ? ['Admin'] : []),
      ];
      await expect.poll(() => navItemNames(page)).toEqual(expected);
      await expect(navItem(page, 'Dashboard')).toHaveAttribute('href', '/dashboard');
      if (teams.length) {
        await expect(navItem(page, 'Percorso')).toHaveAttribute('href', `/percorso/${teams[0].id}`);
        await expect(navItem(page, 'Drive')).toHaveAttribute('href', teams[0].drive_url!);
        await expect(navItem(page, 'Drive')).toHaveAttribute('target', '_blank');
      }
      if (user.mooc_access) await expect(navItem(page, 'Videocorsi')).toHaveAttribute('href', '/courses');
      if (hasPermissions) await expect(navItem(page, 'Admin')).toHaveAttribute('href', '/admin');

      if (user.is_expert) {
        await expect(page.getByRole('heading', { name: 'Sei un esperto' })).toBeVisible();
        await expect(
          page.getByText('Puoi accedere a più startup e visionare le sessioni in arrivo per te.'),
        ).toBeVisible();
      } else if (teams.length) {
        await expect(page.getByRole('link', { name: 'Accedi al percorso' })).toHaveAttribute(
          'href',
          `/percorso/${teams[0].id}`,
        );
        const drive = page.getByRole('link', { name: 'Accedi al Drive' });
        await expect(drive).toHaveAttribute('href', teams[0].drive_url!);
        await expect(drive).toHaveAttribute('target', '_blank');
      } else {
        await expect(page.getByText('Non fai parte di un progetto.')).toBeVisible();
        await expect(page.getByText('Se credi che sia un errore, contatta il tuo coordinatore.')).toBeVisible();
      }
    });
  }

  test('the demo accounts cover every kind of user the portal tells apart', async ({ seedDb }) => {
    const user = (account: DemoAccount) => userByEmail(seedDb, emailOf(account));
    expect(permissionCount(seedDb, user('admin').id)).toBeGreaterThan(0);
    expect(permissionCount(seedDb, user('dev').id)).toBeGreaterThan(0);
    expect(teamsOf(seedDb, user('membro').id).length).toBeGreaterThan(0);
    expect(user('membro').mooc_access).toBe(1);
    expect(teamsOf(seedDb, user('ospite').id)).toEqual([]);
    expect(user('ospite').mooc_access).toBe(0);
    expect(permissionCount(seedDb, user('ospite').id)).toBe(0);
    expect(user('esperto').is_expert).toBe(1);
    expect(user('esperto').expert_access).toBe('limited');
    expect(teamsAsExpert(seedDb, user('esperto')).length).toBe(2);
    expect(sessionsAsExpert(seedDb, user('esperto').id).length).toBeGreaterThan(0);
  });

  test('ospite sees no Percorso, Drive, Videocorsi or Admin', async ({ pageAs }) => {
    const page = await pageAs('ospite');
    await page.goto('/dashboard');
    await expect(page.getByText('Non fai parte di un progetto.')).toBeVisible();
    await expect(navItem(page, 'Dashboard')).toBeVisible();
    for (const name of ['Percorso', 'Drive', 'Videocorsi', 'Admin'] as const) {
      await expect(navItem(page, name)).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Accedi al percorso' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Accedi al Drive' })).toHaveCount(0);
  });

  test('esperto sees the Startup and Sessioni lists, 280px high, with their links', async ({ pageAs, seedDb }) => {
    const expert = userByEmail(seedDb, emailOf('esperto'));
    const teams = teamsAsExpert(seedDb, expert);
    const page = await pageAs('esperto');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Sei un esperto' })).toBeVisible();

    const startup = page.getByRole('list', { name: 'Startup' });
    const sessions = page.getByRole('list', { name: 'Sessioni' });
    for (const team of teams) {
      const row = startup.getByRole('listitem').filter({ hasText: team.name });
      await expect(row).toBeVisible();
      await expect(row.getByText(/^Sessioni con il team: \d+$/)).toBeVisible();
      await expect(row.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', `/percorso/${team.id}`);
    }
    await expect(startup.getByRole('listitem')).toHaveCount(teams.length);

    const sessionRows = sessions.getByRole('listitem');
    await expect(sessionRows.first()).toBeVisible();
    const ids = sessionsAsExpert(seedDb, expert.id).map((session) => session.id);
    for (const href of await sessionRows
      .getByRole('link', { name: 'Accedi' })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/sessions\/\d+$/);
      expect(ids).toContain(Number(href!.split('/').pop()));
    }

    for (const list of [startup, sessions]) {
      const height = await list.evaluate((element) => {
        // The 280px box is the list itself or its scroll container.
        let node: HTMLElement | null = element as HTMLElement;
        while (node && getComputedStyle(node).overflowY !== 'auto' && getComputedStyle(node).overflowY !== 'scroll')
          node = node.parentElement;
        return node ? node.getBoundingClientRect().height : null;
      });
      expect(height).toBe(280);
    }
  });

  test('a signed-in user opening / goes to /dashboard', async ({ pageAs }) => {
    const page = await pageAs('membro');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('user menu and logout', () => {
  test('the user menu offers "Gestione profilo" in a new tab and "Logout", which signs out and revokes the token', async ({
    page,
    request,
    loginAs,
    seedDb,
  }) => {
    const config = (await (await request.get('/api/config')).json()) as { account_url: string };
    const user = userByEmail(seedDb, emailOf('membro'));
    await loginAs(page, 'membro');
    const tokensWhileSignedIn = tokenCount(seedDb, user.id);

    await userMenuButton(page, `${user.name} ${user.surname}`).click();
    const profile = page.getByRole('menuitem', { name: 'Gestione profilo' });
    await expect(profile).toBeVisible();
    const profileLink = profile.locator('xpath=self::a').or(profile.getByRole('link'));
    await expect(profileLink).toHaveAttribute('target', '_blank');
    await expect(profileLink).toHaveAttribute('href', config.account_url);

    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(signInButton(page)).toBeVisible();
    await expect.poll(() => tokenCount(seedDb, user.id)).toBe(tokensWhileSignedIn - 1);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(signInButton(page)).toBeVisible();
  });

  test('signed-out visitors of protected screens are sent to /', async ({ page }) => {
    for (const path of ['/dashboard', '/percorso/1', '/courses', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('a signed-out visitor following a link signs in and lands on that page, not on the dashboard', async ({
    page,
  }) => {
    await page.goto('/courses');
    await expect(signInButton(page)).toBeVisible();
    await signInFromLoginScreen(page, emailOf('membro'));
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Videocorsi' })).toBeVisible();
  });

  test('a visitor who cannot sign in reports an accessibility problem from the statement, with a name and an e-mail', async ({
    page,
    seedDb,
  }) => {
    await page.goto('/accessibilita');
    await page.getByRole('link', { name: 'Segnala un problema di accessibilità' }).click();
    await expect(page).toHaveURL(/\/segnala-accessibilita$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Segnala un problema di accessibilità' })).toBeVisible();
    await expect(signInButton(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Invia la segnalazione' }).click();
    const name = page.getByRole('textbox', { name: 'Nome e cognome' });
    await expect(name).toBeFocused();
    await expect(page.getByText('Scrivi il tuo nome.')).toBeVisible();
    // Said too: the app's live region is there outside the portal's layout as well.
    await expect(page.getByTestId('live-assertive')).toHaveText('Invio non riuscito: controlla i campi e riprova.');
    await name.fill('Visitatore Senza Account');
    await page.getByRole('textbox', { name: 'Indirizzo e-mail' }).fill('visitatore@example.org');
    const description = `Il pulsante Accedi non risponde alla tastiera ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Descrizione del problema' }).fill(description);
    await page.getByRole('button', { name: 'Invia la segnalazione' }).click();
    await expect(page.getByTestId('report-sent')).toBeFocused();
    await expect(page.getByTestId('report-sent')).toContainText('Segnalazione inviata');
    await expect(page.getByTestId('live-polite')).toContainText('Segnalazione inviata');

    const stored = seedDb
      .prepare('select user_id, reporter_name, reporter_email from accessibility_reports where description = ?')
      .get(description);
    expect(stored).toMatchObject({
      user_id: null,
      reporter_name: 'Visitatore Senza Account',
      reporter_email: 'visitatore@example.org',
    });
  });

  test("a visitor's report form downloads none of the portal layout's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/segnala-accessibilita');
    await expect(page.getByRole('textbox', { name: 'Descrizione del problema' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/assets\/portal-/.test(path))).toEqual([]);
    expect(scripts.some((path) => /\/assets\/ReportProblemPage-/.test(path))).toBe(true);
  });

  test('the same for a back-office page with its query string', async ({ page }) => {
    await page.goto('/admin/users?page=2');
    await expect(signInButton(page)).toBeVisible();
    await signInFromLoginScreen(page, emailOf('admin'));
    await expect(page).toHaveURL(/\/admin\/users\?page=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestione Utenti' })).toBeVisible();
  });

  test('after signing out on purpose, the next sign-in starts from the dashboard', async ({
    page,
    loginAs,
    seedDb,
  }) => {
    const user = userByEmail(seedDb, emailOf('membro'));
    await loginAs(page, 'membro');
    await page.goto('/courses');
    await userMenuButton(page, `${user.name} ${user.surname}`).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(signInButton(page)).toBeVisible();
    await expect(page.getByText(/La sessione è scaduta/)).toHaveCount(0);
    await signInFromLoginScreen(page, emailOf('membro'));
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('unknown paths', () => {
  test('show "Not found." to signed-in users', async ({ pageAs }) => {
    const page = await pageAs('membro');
    await page.goto('/questa/pagina/non-esiste');
    await expect(page.getByText('Not found.', { exact: true })).toBeVisible();
  });

  test('show "Not found." to visitors', async ({ page }) => {
    await page.goto('/pagina-inesistente');
    await expect(page.getByText('Not found.', { exact: true })).toBeVisible();
  });
});

test.describe('small screens (390×844)', () => {
  test('the sidebar becomes a slide-in menu that closes on route change', async ({ pageAs, seedDb }) => {
    const team = teamsOf(seedDb, userByEmail(seedDb, emailOf('membro')).id)[0];
    const page = await pageAs('membro', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/dashboard');
    await expect(page.getByText(/^Ciao,/).first()).toBeVisible();
    await expect(navigation(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await expect(navItem(page, 'Percorso')).toBeVisible();
    await navItem(page, 'Percorso').click();
    await expect(page).toHaveURL(new RegExp(`/percorso/${team.id}$`));
    await expect(navigation(page)).toHaveCount(0);
  });
});

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('login screen', async ({ freshPage }) => {
    const page = await freshPage();
    await page.goto('/');
    await expect(signInButton(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const account of ['membro', 'esperto', 'ospite'] as const) {
    test(`dashboard of ${account}`, async ({ pageAs }) => {
      const page = await pageAs(account);
      await page.goto('/dashboard');
      await expect(page.getByText(/^Ciao,/).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
