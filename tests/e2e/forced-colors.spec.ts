import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { navigation } from './support/layout';
import { teamsOf, userByEmail } from './support/seed-queries';

/**
 * Forced colours (Windows high contrast) replace backgrounds and text colours with the system's
 * own, so whatever a state is told by must be something they keep: the current sidebar and
 * back-office menu items and the calendar's days with sessions carry a frame (border or outline)
 * there, and look as before otherwise. A11Y_SHOTS_DIR=/some/dir also saves screenshots.
 */

test.describe.configure({ mode: 'parallel' });

interface Frame {
  border: string;
  outline: string;
}

/** The frame an element draws: border and outline widths and styles (colours are the system's). */
function frameOf(locator: Locator): Promise<Frame> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle === 'none' ? 'none' : `${style.outlineWidth} ${style.outlineStyle}`;
    const border = style.borderTopStyle === 'none' ? 'none' : `${style.borderTopWidth} ${style.borderTopStyle}`;
    return { border, outline };
  });
}

/** Every side of the element's border is drawn, in a colour that is not transparent. */
async function framedAllAround(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return (['Top', 'Right', 'Bottom', 'Left'] as const).every(
      (side) =>
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 2 &&
        style.getPropertyValue(`border-${side.toLowerCase()}-style`) === 'solid' &&
        !/^(transparent|rgba\(.*,\s*0\))$/.test(style.getPropertyValue(`border-${side.toLowerCase()}-color`)),
    );
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.A11Y_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/forced-colors-${name}.png`, fullPage: true });
}

/** The calendar on a month with sessions: the seed plans some ahead for membro's team. */
async function calendarWithSessions(page: Page): Promise<Locator> {
  const calendar = page.getByRole('table').filter({ has: page.locator('[data-day]') });
  await expect(calendar).toBeVisible();
  for (let step = 0; step < 3 && (await calendar.locator('[data-has-session]').count()) === 0; step++) {
    await page.getByRole('button', { name: 'Mese successivo' }).click();
  }
  await expect(calendar.locator('[data-has-session]').first()).toBeVisible();
  return calendar;
}

test('portal: the current sidebar item and the days with sessions keep a frame in forced colours', async ({
  pageAs,
  seedDb,
}) => {
  const [team] = teamsOf(seedDb, userByEmail(seedDb, 'membro@example.com').id);
  const page = await pageAs('membro');
  await page.goto(`/percorso/${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Percorso' })).toBeVisible();

  const nav = navigation(page);
  const current = nav.locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Percorso');
  const other = nav.getByRole('link', { name: 'Dashboard', exact: true });
  const calendar = await calendarWithSessions(page);
  const sessionDay = calendar.locator('[data-has-session]').first();
  const plainDay = calendar.locator('[data-day]:not([data-has-session])').first();

  // Normal colours: no frame anywhere, the background tells.
  expect(await frameOf(current)).toEqual({ border: 'none', outline: 'none' });
  expect(await frameOf(sessionDay)).toEqual({ border: 'none', outline: 'none' });
  const normalBox = await box(current);

  await page.emulateMedia({ forcedColors: 'active' });
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);

  // The current item is framed all around, the others are not; the row keeps its size and place.
  expect(await framedAllAround(current)).toBe(true);
  expect(await frameOf(other)).toEqual({ border: 'none', outline: 'none' });
  expect(await box(current)).toEqual(normalBox);

  // A day with sessions is ringed, a day without is not.
  expect(await frameOf(sessionDay)).toEqual({ border: 'none', outline: '2px solid' });
  expect(await frameOf(plainDay)).toEqual({ border: 'none', outline: 'none' });
  const ringColour = await sessionDay.evaluate((element) => getComputedStyle(element).outlineColor);
  expect(ringColour).not.toMatch(/^(transparent|rgba\(.*,\s*0\))$/);

  // A keyboard focus on the current item shows both its ring and the frame.
  await current.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(current).toBeFocused();
  expect(await framedAllAround(current)).toBe(true);
  expect((await frameOf(current)).outline).not.toBe('none');
  await current.blur();

  await shot(page, 'portal');
});

test('back-office: the current menu item keeps a frame in forced colours', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: /^Gestione / })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Navigazione amministrazione' });
  const current = menu.getByRole('menuitem', { name: 'Utenti', exact: true });
  const other = menu.getByRole('menuitem', { name: 'Sessioni', exact: true });

  expect((await frameOf(current)).border).toBe('none');
  const normalBox = await box(current);

  await page.emulateMedia({ forcedColors: 'active' });
  expect(await framedAllAround(current)).toBe(true);
  expect((await frameOf(other)).border).toBe('none');
  expect(await box(current)).toEqual(normalBox);
  // Only the current page's item is framed.
  const framed = await menu
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.filter((item) => getComputedStyle(item).borderTopStyle !== 'none').map((item) => item.textContent),
    );
  expect(framed).toEqual(['Utenti']);

  await shot(page, 'admin');
});
