import type Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { unique } from './support/admin';
import { teamsOf, userByEmail } from './support/seed-queries';

/**
 * The main flows driven by keyboard only, as someone who cannot use a mouse does: after every key
 * press and every action the spec checks where focus is, that its indicator is drawn (a ring of at
 * least 2px whose colour has 3:1 against what surrounds it) and that nothing — the sticky header —
 * covers it (elementFromPoint at its top and centre finds it).
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface FocusState {
  isBody: boolean;
  description: string;
  ring: boolean;
  ringContrast: number;
  covered: string | null;
}

/** What the focused element looks like, measured in the page. */
async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const parse = (color: string): [number, number, number, number] | null => {
      const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
      return match
        ? [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])]
        : null;
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: number[], b: number[]) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (high + 0.05) / (low + 0.05);
    };
    const background = (from: Element | null): number[] => {
      for (let node = from; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color && color[3] > 0.5) return color.slice(0, 3);
      }
      return [255, 255, 255];
    };
    let element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { isBody: true, description: 'body', ring: false, ringContrast: 0, covered: null };
    // MUI's checkboxes, switches and sliders focus a transparent input: the ring is on its control.
    if (element.matches('input[type="checkbox"], input[type="radio"], input[type="range"]')) {
      element = element.closest<HTMLElement>('.Mui-focusVisible') ?? element;
    }
    // Text fields show focus with their border (2px, the focus colour), not a ring.
    const field = element.matches('.MuiInputBase-input')
      ? element.closest('.MuiInputBase-root')?.querySelector('fieldset')
      : null;
    if (field) {
      const border = getComputedStyle(field);
      const color = parse(border.borderTopColor);
      const fieldBox = element.getBoundingClientRect();
      const hit = document.elementFromPoint(
        fieldBox.left + fieldBox.width / 2,
        fieldBox.top + Math.min(4, fieldBox.height / 2),
      );
      return {
        isBody: false,
        description: `${element.tagName.toLowerCase()} field`,
        ring: (parseFloat(border.borderTopWidth) || 0) >= 2,
        ringContrast: color ? contrast(color.slice(0, 3), background(field.parentElement)) : 0,
        covered:
          hit && (hit === element || element.contains(hit) || field.parentElement?.contains(hit))
            ? null
            : (hit?.tagName.toLowerCase() ?? null),
      };
    }
    const style = getComputedStyle(element);
    const width = parseFloat(style.outlineWidth) || 0;
    const offset = parseFloat(style.outlineOffset) || 0;
    const outline = parse(style.outlineColor);
    const bg = background(offset < 0 ? element : element.parentElement);
    const ringContrast = outline && style.outlineStyle !== 'none' ? contrast(outline.slice(0, 3), bg) : 0;
    // A halo drawn with box-shadow counts too (the ring's white or blue companion).
    const shadow = style.boxShadow !== 'none' ? parse(style.boxShadow) : null;
    const halo = shadow && shadow[3] > 0.5 ? contrast(shadow.slice(0, 3), bg) : 0;
    const box = element.getBoundingClientRect();
    const probes = [
      [box.left + box.width / 2, box.top + Math.min(4, box.height / 2)],
      [box.left + box.width / 2, box.top + box.height / 2],
    ];
    let covered: string | null = null;
    const ownField = element.closest('.MuiInputBase-root, .MuiFormControl-root, label');
    for (const [x, y] of probes) {
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      const focused = document.activeElement as HTMLElement;
      if (
        hit &&
        !(
          hit === focused ||
          focused.contains(hit) ||
          hit.contains(focused) ||
          element.contains(hit) ||
          ownField?.contains(hit)
        )
      ) {
        covered = `${hit.tagName.toLowerCase()}${hit.closest('header') ? ' (in the header)' : ''}`;
      }
    }
    const name = focused(document.activeElement as HTMLElement);
    function focused(el: HTMLElement) {
      return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    }
    return {
      isBody: false,
      description: name,
      ring: width >= 2 && style.outlineStyle !== 'none',
      ringContrast: Math.max(ringContrast, halo),
      covered,
    };
  });
}

/** Focus is on something, drawn with a ring of 3:1 or more, and not covered. */
async function expectFocusShown(page: Page, where = ''): Promise<FocusState> {
  const state = await focusState(page);
  expect(state.isBody, `focus fell to the page body ${where}`).toBe(false);
  expect(state.ring, `no focus ring on ${state.description} ${where}`).toBe(true);
  expect(state.ringContrast, `focus ring of ${state.description} below 3:1 ${where}`).toBeGreaterThanOrEqual(3);
  expect(state.covered, `${state.description} is covered by ${state.covered} ${where}`).toBeNull();
  return state;
}

async function isFocused(target: Locator): Promise<boolean> {
  return target
    .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
    .catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus after every press. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusShown(page, `after ${step + 1} ${backwards ? 'Shift+Tab' : 'Tab'}`);
    if (await isFocused(target)) return;
  }
  throw new Error(`${String(target)} not reached in ${max} presses`);
}

/** Waits until focus has left the closing dialog and landed in the page's content (not on the body). */
async function focusBackInContent(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        page.evaluate(() => {
          const active = document.activeElement;
          return Boolean(
            active && active !== document.body && active.closest('main') && !active.closest('[role="dialog"]'),
          );
        }),
      { timeout: 5000 },
    )
    .toBe(true);
}

/** Starts recording what the portal's live region says, and whether the page was hidden (by a dialog) at that moment. */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="live-polite"]')!;
    const said: Array<{ text: string; hidden: boolean }> = [];
    (window as unknown as { said: typeof said }).said = said;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text) said.push({ text, hidden: region.closest('[aria-hidden="true"]') !== null });
    }).observe(region, { subtree: true, childList: true, characterData: true });
  });
}

const announcements = (page: Page) =>
  page.evaluate(() => (window as unknown as { said: Array<{ text: string; hidden: boolean }> }).said);

const memberTeam = (db: Database.Database) => teamsOf(db, userByEmail(db, 'membro@example.com').id)[0];

test.describe('keyboard: skip link, titles and the way back', () => {
  test('the portal skip link is the first stop, readable, and jumps to the content', async ({ pageAs }) => {
    const page = await pageAs('membro', { viewport: DESKTOP });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto' });
    await expect(skip).toBeFocused();
    await expectFocusShown(page);
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the content, not the sidebar or the header.
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await expectFocusShown(page);
  });

  test('a move to another page puts focus on its heading, shown, with the page at its top', async ({
    pageAs,
    seedDb,
  }) => {
    const page = await pageAs('membro', { viewport: DESKTOP });
    await page.goto(`/percorso/${memberTeam(seedDb).id}`);
    await expect(page.getByText(/^Prossimo appuntamento/).first()).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    // The sidebar link that led there stays in the page: focus must still move to the new page.
    await tabTo(page, page.getByRole('link', { name: 'Dashboard' }));
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expect(heading).toBeFocused();
    await expectFocusShown(page, 'on the new page');
    expect(await page.evaluate(() => scrollY)).toBe(0);
    // From the heading, Tab goes on in the page rather than back to the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !document.activeElement?.closest('nav, aside'))).toBe(true);

    // A link inside the content that is gone once the next page shows (a course card).
    await page.goto('/courses');
    const course = page.locator('main a[href^="/courses/"]').first();
    await expect(course).toBeVisible();
    const courseName = (await course.locator('h2').textContent())!.trim();
    await tabTo(page, course);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeFocused();

    // The player: another lesson chosen from its list is a new player, named by the heading.
    const {
      course: courseId,
      module: moduleId,
      lessons,
    } = seedDb
      .prepare(
        `select m.course_id as course, m.id as module, group_concat(l.id) as lessons from modules m
         join courses c on c.id = m.course_id join lessons l on l.module_id = m.id
         where c.published = 1 group by m.id having count(l.id) > 1 order by m.id limit 1`,
      )
      .get() as { course: number; module: number; lessons: string };
    const [first, second] = lessons.split(',').map(Number);
    await page.goto(`/courses/${courseId}/modules/${moduleId}/lessons/${first}`);
    await page.locator(`main aside a[href$="/lessons/${second}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/lessons/${second}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Lezione' })).toBeFocused();
    await expectFocusShown(page, 'after choosing a lesson');
  });

  test('a move to another back-office page puts focus on its heading', async ({ pageAs }) => {
    const page = await pageAs('admin', { viewport: DESKTOP });
    await page.goto('/admin/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
    await tabTo(page, page.getByRole('menuitem', { name: 'Utenti' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestione Utenti' })).toBeFocused();
    await expectFocusShown(page, 'on the new page');
    // The next Tab is in the page, not back in the menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
  });

  test('the back-office skip link is the first stop and readable (4.5:1)', async ({ pageAs }) => {
    const page = await pageAs('admin', { viewport: DESKTOP });
    await page.goto('/admin/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.locator('.skip-nav-button');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const ratio = await skip.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
      };
      const style = getComputedStyle(el);
      const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  test('every page has its own title, records included; the not-found page has a title and a way back', async ({
    pageAs,
    seedDb,
  }) => {
    const admin = await pageAs('admin', { viewport: DESKTOP });
    // The back-office's not-found page names the product in its bar, not the framework.
    await admin.goto('/admin/una-sezione-che-non-esiste');
    await expect(admin.getByRole('heading', { level: 1, name: 'Non trovato' })).toBeVisible();
    await expect(admin.getByRole('banner')).not.toContainText('React Admin');
    // Named in the tab (not after the path typed), readable, and not a dead end.
    await expect(admin).toHaveTitle('Non trovato · Back-office · Percorso');
    await admin.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await expect(admin).toHaveURL(/\/admin\/?$/);
    await admin.goto('/admin/teams');
    await expect(admin).toHaveTitle('Team · Back-office · Percorso');
    await admin.goto('/admin/users');
    await expect(admin).toHaveTitle('Utenti · Back-office · Percorso');
    await admin.goto('/admin');
    await expect(admin).toHaveTitle('Dashboard · Back-office · Percorso');

    const page = await pageAs('membro', { viewport: DESKTOP });
    const team = memberTeam(seedDb);
    const session = seedDb
      .prepare(
        'select s.id, s.name from sessions s join session_teams st on st.session_id = s.id where st.team_id = ? limit 1',
      )
      .get(team.id) as { id: number; name: string };
    await page.goto(`/sessions/${session.id}`);
    await expect(page).toHaveTitle(`${session.name} · Sessione · Percorso`);
    await page.goto(`/percorso/${team.id}`);
    // The page called "Percorso" is not named twice with the product.
    await expect(page).toHaveTitle(`${team.name} · Percorso`);

    await page.goto('/una-pagina-che-non-esiste');
    await expect(page.getByText('Not found.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Not found.' })).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Not found. · Percorso');
    await tabTo(page, page.getByRole('link', { name: 'Torna alla pagina iniziale' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

for (const [label, viewport] of [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const) {
  test(`keyboard at ${label}px: /percorso forwards and backwards, focus always shown and never under the sticky header`, async ({
    pageAs,
    seedDb,
  }) => {
    const page = await pageAs('membro', { viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
    await page.goto(`/percorso/${memberTeam(seedDb).id}`);
    await expect(page.getByText(/^Prossimo appuntamento/).first()).toBeVisible();
    // To the footer, then all the way back up: moving backwards is where the header hid focus.
    await tabTo(page, page.getByRole('link', { name: 'Segnala un problema di accessibilità' }), { max: 120 });
    await tabTo(page, page.getByRole('link', { name: 'Vai al contenuto' }), { backwards: true, max: 120 });
  });
}

test('keyboard: the team description, refused then saved, and the logo dialog', async ({ pageAs, seedDb }) => {
  const page = await pageAs('membro', { viewport: DESKTOP });
  await page.goto(`/percorso/${memberTeam(seedDb).id}`);
  const edit = page.getByRole('button', { name: 'Modifica descrizione' });
  await expect(edit).toBeVisible();
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Modifica descrizione' });
  const field = dialog.getByRole('textbox', { name: 'Descrizione' });
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('x'.repeat(5001));
  await tabTo(page, dialog.getByRole('button', { name: 'Salva' }));
  await page.keyboard.press('Enter');
  // Refused by the server: focus goes to the field, whose error is linked and announced.
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectFocusShown(page, 'on the refused field');
  const describedBy = await field.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveAttribute('role', 'alert');
  await expect(page.locator(`[id="${describedBy}"]`)).not.toBeEmpty();

  const text = `Descrizione da tastiera ${Date.now()}`;
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await tabTo(page, dialog.getByRole('button', { name: 'Salva' }));
  await recordAnnouncements(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Saved: focus back on the button that opened the dialog, and the save said in the live region,
  // once the closing dialog no longer hides the page (text written into a hidden region is never read).
  await expect(edit).toBeFocused();
  await expectFocusShown(page, 'after saving');
  await expect.poll(() => announcements(page)).toEqual([{ text: 'Descrizione salvata.', hidden: false }]);
  await expect(page.getByText(text)).toBeVisible();

  // The logo's "Scegli un'immagine" is a real button (its file chooser: the crop test below).
  await tabTo(page, page.getByRole('button', { name: 'Modifica logo' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('dialog', { name: 'Modifica logo' }).getByRole('button', { name: "Scegli un'immagine" }),
  ).toBeVisible();
});

test('keyboard: the crop frame is named, explained and moves 10px per arrow key', async ({ pageAs, seedDb }) => {
  const page = await pageAs('membro', { viewport: DESKTOP });
  await page.goto(`/percorso/${memberTeam(seedDb).id}`);
  const editLogo = page.getByRole('button', { name: 'Modifica logo' });
  await expect(editLogo).toBeVisible();
  await tabTo(page, editLogo);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Modifica logo' });
  // The dialog's code loads on first use: a Tab pressed before it shows moves focus on the page.
  await expect(dialog).toBeVisible();
  // Listening before the key press: Playwright turns on its file-chooser interception asynchronously.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, dialog.getByRole('button', { name: "Scegli un'immagine" }));
  // Enter, which the old control ignored (only Space opened the file chooser).
  await page.keyboard.press('Enter');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAAMElEQVR42u3PMQ0AAAgDoL/6/2kY0EAPOQIVHo+ndCgQICAgICAgICAgICAgICDwsgBwQAC4LfaRzQAAAABJRU5ErkJggg==',
    'base64',
  );
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  const frame = dialog.getByRole('group', { name: 'Riquadro di ritaglio' });
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAccessibleDescription(/frecce/);
  await tabTo(page, frame);
  const image = dialog.locator('img').first();
  const before = await image.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => image.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41))
    .not.toBe(before);
  const after = await image.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
  expect(Math.abs(after - before)).toBeGreaterThanOrEqual(10);

  // Saved: the dialog closes, focus is back on "Modifica logo" and the save is said.
  await tabTo(page, dialog.getByRole('button', { name: 'Aggiorna logo' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(editLogo).toBeFocused();
  await expectFocusShown(page, 'after saving the logo');
  await expect(page.getByRole('status').filter({ hasText: 'Logo aggiornato.' })).toBeAttached();
});

test('keyboard: names say what they show and which row, required fields are exposed, new tabs are announced', async ({
  pageAs,
}) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigazione amministrazione' })).toBeVisible();
  const firstRow = page.getByRole('row').nth(1);
  const teamName = (await firstRow.getByRole('cell').first().innerText()).trim();
  await expect(firstRow.getByRole('button', { name: `Modifica Team ${teamName}` })).toBeVisible();
  await expect(firstRow.getByRole('button', { name: `Elimina Team ${teamName}` })).toBeVisible();
  // No name starts with an invisible character (what a voice-control user could never say).
  const snapshot = await page.locator('body').ariaSnapshot();
  expect(snapshot).not.toContain('\u200b');

  await tabTo(page, page.getByRole('button', { name: 'Nuovo team' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nuovo team' });
  await expect(dialog.getByRole('textbox', { name: /^Nome/ })).toHaveAttribute('aria-required', 'true');
  await page.keyboard.press('Escape');

  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Ruoli' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^Modifica Ruolo/ }).first(), { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: /^Visualizzare i team/ })).toBeVisible();
  await page.keyboard.press('Escape');

  const member = await pageAs('membro', { viewport: DESKTOP });
  await member.goto('/dashboard');
  await expect(member.getByRole('link', { name: /^Accedi al Drive ?\(si apre in una nuova scheda\)$/ })).toBeVisible();
  const userButton = member.getByRole('button', { name: /Menu utente/ });
  const shown = (await userButton.innerText()).trim();
  expect(await userButton.getAttribute('aria-label')).toMatch(new RegExp(`^${shown}`));
  await tabTo(member, userButton);
  await member.keyboard.press('Enter');
  await expect(
    member.getByRole('menuitem', { name: /^Gestione profilo ?\(si apre in una nuova scheda\)$/ }),
  ).toBeFocused();
  await expectFocusShown(member, 'on the user menu');
});

test("keyboard: a lesson started without sound, 'Attiva l'audio' pressed: focus on the video, shown", async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('membro', { viewport: PHONE, isMobile: true, hasTouch: true });
  // As a browser that refuses to start a video with sound by itself: the player starts it muted.
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      return this.muted ? play.call(this) : Promise.reject(new DOMException('autoplay refused', 'NotAllowedError'));
    };
  });
  const lesson = seedDb
    .prepare(
      `select m.course_id as course, m.id as module, l.id as lesson from lessons l join modules m on m.id = l.module_id
       join courses c on c.id = m.course_id where c.published = 1 and l.video_url like '/storage/%' order by m.id, l.position limit 1`,
    )
    .get() as { course: number; module: number; lesson: number };
  await page.goto(`/courses/${lesson.course}/modules/${lesson.module}/lessons/${lesson.lesson}`);
  const unmute = page.getByRole('button', { name: "Attiva l'audio" });
  await expect(unmute).toBeVisible();
  // (Tabbing there passes through the video's own controls, whose focus Chromium draws itself.)
  await unmute.focus();
  await page.keyboard.press('Enter');
  await expect(unmute).toBeHidden();
  const video = page.locator('main video');
  await expect(video).toBeFocused();
  await expectFocusShown(page, "after 'Attiva l'audio'");
  // The video's frame clips what is drawn outside the video (its rounded corners): the ring is inside.
  expect(await video.evaluate((element) => parseFloat(getComputedStyle(element).outlineOffset))).toBeLessThan(0);
});

test('keyboard at 390px: the slide-in menu is a named dialog', async ({ pageAs }) => {
  const page = await pageAs('membro', { viewport: PHONE, isMobile: true, hasTouch: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Apri il menu' }));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // Its own close button, for whoever cannot press Escape or tap outside; focus goes back.
  await menu.getByRole('button', { name: 'Chiudi il menu' }).tap();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apri il menu' })).toBeFocused();
});

test('keyboard: back-office create refused by the server, then edit and delete, focus always placed', async ({
  pageAs,
}) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Ruoli' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Nuovo ruolo' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const name = dialog.getByRole('textbox', { name: /^Nome/ });
  // The dialog opens on its first field.
  await expect(name).toBeFocused();
  // A name the server refuses (it exists already): 422, and focus goes to the field.
  await page.keyboard.insertText('Amministratore');
  await tabTo(page, dialog.getByRole('textbox', { name: /^Descrizione/ }));
  await page.keyboard.insertText('Duplicato');
  // Through every permission checkbox to "Crea": each one shown, none under the dialog's title or actions.
  await tabTo(page, dialog.getByRole('checkbox', { name: /^Visualizzare i team/ }), { max: 40 });
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Crea' }), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Esiste già un ruolo con questo nome.')).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expectFocusShown(page, 'on the field the server refused');

  const roleName = unique('Ruolo tastiera');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(roleName);
  await tabTo(page, dialog.getByRole('button', { name: 'Crea' }), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectFocusShown(page, 'after creating');

  // Edit by keyboard: the new role's "Modifica", a new description, saved; focus back on "Modifica".
  const edit = page.getByRole('button', { name: `Modifica Ruolo ${roleName}` });
  await tabTo(page, edit, { max: 120 });
  await page.keyboard.press('Enter');
  const editDialog = page.getByRole('dialog');
  // The form loads the role as it is now, then opens on its first field.
  await expect(editDialog.getByRole('textbox', { name: /^Nome/ })).toBeFocused();
  await tabTo(page, editDialog.getByRole('textbox', { name: /^Descrizione/ }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('Modificato da tastiera');
  await tabTo(page, editDialog.getByRole('button', { name: 'Salva' }), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(editDialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expectFocusShown(page, 'after editing');

  // Delete by keyboard: after "Conferma" focus is on the next card's action, not on the body.
  const remove = page.getByRole('button', { name: `Elimina Ruolo ${roleName}` });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Conferma' });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await focusBackInContent(page);
  await expectFocusShown(page, 'after deleting');
});

test('keyboard: a form with changes closed with Escape asks first; discarded, focus goes back to the button that opened it', async ({
  pageAs,
}) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Nuovo team' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nuovo team' });
  await expect(dialog.getByRole('textbox', { name: /^Nome/ })).toBeFocused();
  await page.keyboard.insertText('Da non salvare');
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Chiudere senza salvare?' });
  await expect(question).toBeVisible();
  // "Annulla": back in the form, on the field, with the text still there.
  await tabTo(page, question.getByRole('button', { name: 'Annulla' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: /^Nome/ })).toHaveValue('Da non salvare');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  // Asked again, "Conferma": both close and focus is on "Nuovo team", not on the page.
  await page.keyboard.press('Escape');
  await tabTo(page, question.getByRole('button', { name: 'Conferma' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
  await expectFocusShown(page, 'after discarding');
});

test('keyboard: a team deleted, focus on the next row, never on the page', async ({ pageAs }) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  const teamName = unique('Team tastiera');
  await tabTo(page, page.getByRole('button', { name: 'Nuovo team' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nuovo team' });
  await expect(dialog.getByRole('textbox', { name: /^Nome/ })).toBeFocused();
  await page.keyboard.insertText(teamName);
  await tabTo(page, dialog.getByRole('button', { name: 'Crea' }), { max: 40 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectFocusShown(page, 'after creating the team');
  // The new team is listed first (newest first), below "Nuovo team", where focus is.
  const remove = page.getByRole('button', { name: `Elimina Team ${teamName}` });
  await expect(remove).toBeVisible();
  await tabTo(page, remove, { max: 60 });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'Conferma' }));
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await focusBackInContent(page);
  // On the next row's delete button.
  await expect(page.locator('tbody button:focus')).toHaveAttribute('aria-label', /^Elimina Team /);
  await expectFocusShown(page, 'after deleting the team');
});

test('keyboard: "Aggiorna" stays in sight, ring and all, while the page reloads', async ({ pageAs }) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Aggiorna' });
  await tabTo(page, refresh, { max: 40 });
  // Slow answers: the reload is still running when the focus is looked at.
  await page.route(/\/api\/teams\?/, async (route) => {
    await new Promise((resume) => setTimeout(resume, 1500));
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await expect(page.locator('.app-loader')).toBeVisible();
  await expect(refresh).toBeFocused();
  expect(await refresh.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
  await expectFocusShown(page, 'while the page reloads');
  await expect(page.locator('.app-loader')).toHaveCount(0, { timeout: 10_000 });
});

test('keyboard: a team member added then removed, focus stays in the dialog on the next control', async ({
  pageAs,
}) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  await page.goto('/admin/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Team' })).toBeVisible();
  // A seeded team with members (other specs create empty teams, which may come first in the list).
  await tabTo(page, page.getByRole('searchbox', { name: 'Cerca' }), { max: 60 });
  await page.keyboard.insertText('EduPlay');
  await expect(page.getByRole('heading', { level: 2, name: 'Risultati per "EduPlay"' })).toBeVisible();
  // The heading comes with the search; the rows with its answer. Tabbing before they are in would
  // focus a row about to be replaced.
  await expect(page.getByRole('row')).toHaveCount(2);
  const members = page.getByRole('button', { name: 'Membri Team EduPlay' });
  await tabTo(page, members, { max: 60 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const removeButtons = dialog.getByRole('button', { name: /^Rimuovi / });
  await expect(removeButtons.first()).toBeVisible();
  const before = await removeButtons.count();

  // Add: type in the picker, choose with the arrow keys, "Aggiungi"; focus back in the picker for the next one.
  const picker = dialog.getByRole('combobox');
  await tabTo(page, picker);
  await page.keyboard.insertText('Esperto');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const added = (await option.innerText()).split('\n')[0].trim();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Aggiungi' }));
  await page.keyboard.press('Enter');
  await expect(removeButtons).toHaveCount(before + 1);
  const removeAdded = dialog.getByRole('button', { name: new RegExp(`^Rimuovi ${added}`) });
  await expect(removeAdded).toHaveCount(1);
  await expect(picker).toBeFocused();
  await expectFocusShown(page, 'after adding');

  // Remove the one just added (the team is as before): focus on the remove button now in that
  // place (or the picker), never the dialog.
  await tabTo(page, removeAdded);
  await page.keyboard.press('Enter');
  await expect(removeAdded).toHaveCount(0);
  await expect(removeButtons).toHaveCount(before);
  await expect
    .poll(async () => page.evaluate(() => document.activeElement?.tagName.toLowerCase()), { timeout: 10_000 })
    .toMatch(/button|input/);
  await expectFocusShown(page, 'after removing');
});

test('keyboard: sign-in from the login screen to the dashboard, focus always shown', async ({ freshPage }) => {
  const page = await freshPage({ viewport: DESKTOP });
  await page.goto('/');
  const signIn = page
    .getByRole('button', { name: /^Accedi con\b/ })
    .or(page.getByRole('link', { name: /^Accedi con\b/ }));
  await expect(signIn).toBeVisible();
  await tabTo(page, signIn);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/idp\//);
  // The development provider's form opens on the email field: email, password, submit, all by keyboard.
  await expect(page.locator('input[name="login"]')).toBeFocused();
  await page.keyboard.insertText('membro@example.com');
  await tabTo(page, page.locator('input[name="password"]'), { max: 5 });
  await page.keyboard.insertText('demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByText(/^Ciao,/)).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Vai al contenuto' }), { max: 3 });
});

test('keyboard: a lesson created in the back-office, focus back on the create button; deleted, focus on a card in its place', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin', { viewport: DESKTOP });
  const module = seedDb.prepare('select id from modules where course_id = 1 order by position, id limit 1').get() as {
    id: number;
  };
  await page.goto(`/admin/courses/1/modules/${module.id}/lessons`);
  const create = page.getByRole('button', { name: 'Crea nuova lezione' });
  await expect(create).toBeVisible();
  await tabTo(page, create, { max: 120 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByRole('spinbutton', { name: /^Pos/ }));
  await page.keyboard.insertText('99');
  const name = dialog.getByRole('textbox', { name: /^Nome/ });
  await tabTo(page, name);
  const lessonName = unique('Lezione da tastiera');
  await page.keyboard.insertText(lessonName);
  await tabTo(page, dialog.getByRole('textbox', { name: /video/i }));
  await page.keyboard.insertText('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await tabTo(page, dialog.getByRole('spinbutton', { name: /^Durata/ }));
  await page.keyboard.insertText('60');
  await tabTo(page, dialog.getByRole('button', { name: 'Crea lezione' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
  await expectFocusShown(page, 'after creating the lesson');

  const card = page.getByRole('listitem').filter({ hasText: lessonName });
  const remove = card.getByRole('button', { name: /^Elimina/ });
  await tabTo(page, remove, { max: 120 });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'Conferma' }));
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await focusBackInContent(page);
  await expect(page.locator('main li button:focus, main h1:focus')).toHaveCount(1);
  await expectFocusShown(page, 'after deleting the lesson');
});

test('an accessibility report the server cannot take: the reason shown as an alert in the form, the text kept', async ({
  pageAs,
}) => {
  const page = await pageAs('membro', { viewport: DESKTOP });
  await page.route('**/api/accessibility-reports', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
      : route.fallback(),
  );
  await page.goto('/segnala-accessibilita');
  const description = page.getByRole('textbox', { name: /Descrizione del problema/ });
  await description.fill('Il menu non si apre con la tastiera.');
  await page.getByRole('button', { name: 'Invia la segnalazione' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Invio non riuscito: riprova tra qualche istante. Il testo che hai scritto è ancora qui.',
  );
  await expect(description).toHaveValue('Il menu non si apre con la tastiera.');
  // A second try that goes through clears the message.
  await page.unroute('**/api/accessibility-reports');
  await page.getByRole('button', { name: 'Invia la segnalazione' }).click();
  await expect(page.getByTestId('report-sent')).toBeVisible();
});

test('keyboard: an accessibility report, refused empty then sent, announced', async ({ pageAs }) => {
  const page = await pageAs('membro', { viewport: DESKTOP });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Segnala un problema di accessibilità' }), { max: 60 });
  await page.keyboard.press('Enter');
  const send = page.getByRole('button', { name: 'Invia la segnalazione' });
  await expect(send).toBeVisible();
  // Focus is on the new page's heading, above the form.
  await expect(page.getByRole('heading', { level: 1, name: /accessibilità/ })).toBeFocused();
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  const description = page.getByRole('textbox', { name: /Descrizione del problema/ });
  await expect(description).toBeFocused();
  await expect(page.getByText('Descrivi il problema.')).toBeVisible();
  expect(
    await description.evaluate(
      (el) => (el as HTMLTextAreaElement).required || el.getAttribute('aria-required') === 'true',
    ),
  ).toBe(true);
  await page.keyboard.insertText('Il riquadro di ritaglio non si sposta con le frecce.');
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-sent')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /Segnalazione inviata/ })).toBeAttached();
  // Another report: the form comes back with focus on its first field.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: "Invia un'altra segnalazione" })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: /Pagina in cui si è presentato il problema/ })).toBeFocused();
});
