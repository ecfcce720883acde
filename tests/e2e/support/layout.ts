import type { Page } from '@playwright/test';

/** The shared authenticated layout, located by its accessible roles. */

export const SIDEBAR_ITEMS = ['Dashboard', 'Percorso', 'Drive', 'Videocorsi', 'Admin'] as const;

/** The sidebar (wide screens) or the slide-in menu (small screens): the visible navigation landmark. */
export function navigation(page: Page) {
  return page
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: 'Dashboard', exact: true }) })
    .locator('visible=true');
}

/** A link that opens a new tab says so in its name (the Drive item). */
const NEW_TAB_HINT = /\s*\(si apre in una nuova scheda\)$/;

export function navItem(page: Page, name: (typeof SIDEBAR_ITEMS)[number]) {
  return navigation(page).getByRole('link', { name: new RegExp(`^${name}(\\s*\\(si apre in una nuova scheda\\))?$`) });
}

/** The names of the sidebar items shown, in order. */
export async function navItemNames(page: Page): Promise<string[]> {
  const names = await navigation(page).getByRole('link').allInnerTexts();
  return names
    .map((name) => name.replace(NEW_TAB_HINT, '').trim())
    .filter((name) => (SIDEBAR_ITEMS as readonly string[]).includes(name));
}

/** The button in the header that opens the user menu (avatar and full name). */
export function userMenuButton(page: Page, fullName: string) {
  return page.getByRole('button', { name: fullName });
}
