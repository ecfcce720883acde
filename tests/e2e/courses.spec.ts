import type Database from 'better-sqlite3';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

/** Video courses: admin pages, learner pages, the player, the gates and the progress sync. */

test.describe.configure({ mode: 'parallel' });

interface SeedLesson {
  id: number;
  name: string;
  module_id: number;
  course_id: number;
}

/** The first lesson (by position) of the course's module at `modulePosition`, and the one after it. */
function lessonsOfModule(db: Database.Database, courseId: number, modulePosition: number): SeedLesson[] {
  return db
    .prepare(
      `select l.id, l.name, l.module_id, m.course_id from lessons l join modules m on m.id = l.module_id
       where m.course_id = ? and m.position = ? order by l.position, l.id`,
    )
    .all(courseId, modulePosition) as SeedLesson[];
}

/** A small 16:9 PNG, made in the test. */
async function coverPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .png()
    .toBuffer();
}

async function changeCover(page: Page, card: ReturnType<Page['locator']>, png: Buffer) {
  await card.getByRole('button', { name: 'Cambia cover' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByAltText("Anteprima dell'immagine ritagliata")).toBeVisible();
  await dialog.getByRole('button', { name: 'Aggiorna cover' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('img')).toHaveAttribute('src', /^\/storage\//);
}

test('a course or module that does not exist (a bookmark, a deleted record) says so in the back-office and leads back', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/courses/99999/modules');
  await expect(page.getByRole('heading', { level: 1, name: 'Videocorso non trovato' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crea nuovo modulo' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Torna ai videocorsi' }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);

  const course = seedDb.prepare('select id from courses order by id limit 1').get() as { id: number };
  await page.goto(`/admin/courses/${course.id}/modules/99999/lessons`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modulo non trovato' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crea nuova lezione' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Torna ai moduli' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}/modules$`));
});

test('an administrator builds a course with a module, a lesson and covers', async ({ pageAs, seedDb }) => {
  const page = await pageAs('admin');
  const png = await coverPng();
  const courseName = `Corso e2e ${Date.now()}`;

  await page.goto('/admin/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestione Videocorsi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tutti i videocorsi' })).toBeVisible();

  await page.getByRole('button', { name: 'Crea nuovo videocorso' }).click();
  const create = page.getByRole('dialog');
  await create.getByRole('textbox', { name: /^Nome/ }).fill(courseName);
  await create.getByRole('textbox', { name: /^Descrizione/ }).fill('Un corso creato dal test end-to-end.');
  await create.getByRole('combobox', { name: /^Stato/ }).click();
  await page.getByRole('option', { name: 'Pubblicato', exact: true }).click();
  await create.getByRole('button', { name: 'Crea videocorso' }).click();
  await expect(create).toBeHidden();

  const courseCard = page.getByRole('listitem').filter({ hasText: courseName });
  await expect(courseCard).toBeVisible();
  await expect(courseCard.getByText('Pubblicato', { exact: true })).toBeVisible();
  await expect(courseCard.getByText('Nessuna cover')).toBeVisible();
  const saved = seedDb.prepare('select id, published from courses where name = ?').get(courseName) as {
    id: number;
    published: number;
  };
  expect(saved.published).toBe(1);

  await changeCover(page, courseCard, png);

  // Searching by name: 'Risultati per "…"'.
  await page.getByPlaceholder('Cerca per nome videocorso...').fill(courseName);
  await expect(page.getByRole('heading', { name: `Risultati per "${courseName}"` })).toBeVisible();

  await courseCard.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${saved.id}/modules$`));
  await expect(page.getByRole('heading', { level: 1, name: `Gestione Moduli per ${courseName}` })).toBeVisible();
  await expect(page.getByText('Nessun modulo trovato.')).toBeVisible();

  await page.getByRole('button', { name: 'Crea nuovo modulo' }).click();
  const moduleDialog = page.getByRole('dialog');
  // The first place of an empty course is offered.
  await expect(moduleDialog.getByRole('spinbutton', { name: /^Pos\./ })).toHaveValue('1');
  await moduleDialog.getByRole('spinbutton', { name: /^Pos\./ }).fill('1');
  await moduleDialog.getByRole('textbox', { name: /^Nome/ }).fill('Primo modulo');
  await moduleDialog.getByRole('button', { name: 'Crea modulo' }).click();
  await expect(moduleDialog).toBeHidden();
  const moduleCard = page.getByRole('listitem').filter({ hasText: '1. Primo modulo' });
  await expect(moduleCard.getByText('Nessuna cover')).toBeVisible();
  await changeCover(page, moduleCard, png);

  await moduleCard.getByRole('link').first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Gestione Lezioni per Primo modulo in ${courseName}` }),
  ).toBeVisible();
  await expect(page.getByText('Nessuna lezione trovata.')).toBeVisible();

  await page.getByRole('button', { name: 'Crea nuova lezione' }).click();
  const lessonDialog = page.getByRole('dialog');
  await lessonDialog.getByRole('spinbutton', { name: /^Pos\./ }).fill('1');
  await lessonDialog.getByRole('textbox', { name: /^Nome/ }).fill('Lezione di prova');
  await lessonDialog.getByRole('textbox', { name: /^URL Video/ }).fill('video.mp4');
  await lessonDialog.getByRole('button', { name: 'Crea lezione' }).click();
  await expect(lessonDialog.getByText(/Inserisci un URL valido/)).toBeVisible();
  await lessonDialog.getByRole('textbox', { name: /^URL Video/ }).fill('/storage/videos/benvenuti.mp4');
  await lessonDialog.getByRole('button', { name: 'Crea lezione' }).click();
  await expect(lessonDialog).toBeHidden();
  const lessonCard = page.getByRole('listitem').filter({ hasText: '1. Lezione di prova' });
  await expect(lessonCard.getByText('Nessuna descrizione fornita')).toBeVisible();

  // One lesson per place: a taken position is refused under the field, naming the lesson there.
  await page.getByRole('button', { name: 'Crea nuova lezione' }).click();
  const secondDialog = page.getByRole('dialog');
  const position = secondDialog.getByRole('spinbutton', { name: /^Pos\./ });
  // The place after the last one is offered; a taken one is refused.
  await expect(position).toHaveValue('2');
  await position.fill('1');
  await secondDialog.getByRole('textbox', { name: /^Nome/ }).fill('Seconda lezione');
  await secondDialog.getByRole('textbox', { name: /^URL Video/ }).fill('/storage/videos/benvenuti.mp4');
  await secondDialog.getByRole('button', { name: 'Crea lezione' }).click();
  await expect(position).toHaveAccessibleDescription(
    /La posizione 1 è già occupata dalla lezione «Lezione di prova»: scegline un'altra\./,
  );
  await position.fill('2');
  await secondDialog.getByRole('button', { name: 'Crea lezione' }).click();
  await expect(secondDialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: '2. Seconda lezione' })).toBeVisible();

  // Edit: prefilled, saved with "Modifica lezione".
  await lessonCard.getByRole('button', { name: 'Modifica' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Modifica lezione' });
  await expect(editDialog.getByRole('textbox', { name: /^URL Video/ })).toHaveValue('/storage/videos/benvenuti.mp4');
  await editDialog.getByRole('textbox', { name: /^Nome/ }).fill('Lezione rinominata');
  await editDialog.getByRole('button', { name: 'Modifica lezione' }).click();
  await expect(editDialog).toBeHidden();
  const renamed = page.getByRole('listitem').filter({ hasText: '1. Lezione rinominata' });
  await expect(renamed).toBeVisible();

  // Delete after the confirmation.
  await renamed.getByRole('button', { name: 'Elimina' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Sei sicuro di voler eliminare la lezione "Lezione rinominata"?');
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: '2. Seconda lezione' })).toBeVisible();

  // The learner side sees the new published course with its covers.
  const stored = seedDb.prepare('select cover_url from modules where course_id = ?').get(saved.id) as {
    cover_url: string | null;
  };
  expect(stored.cover_url).toMatch(/^\/storage\//);
});

test('a learner watches a lesson to completion', async ({ pageAs, seedDb }) => {
  test.setTimeout(90_000);
  const page = await pageAs('membro');
  const [first, second] = lessonsOfModule(seedDb, 1, 3);
  const moduleUrl = `/courses/1/modules/${first.module_id}/lessons`;

  await page.goto('/courses/1/modules');
  const coursePercent = Number((await page.getByTestId('completion-percent').textContent())?.replace('%', ''));
  await page.goto(moduleUrl);
  const row = page.getByRole('link', { name: new RegExp(first.name) });
  await expect(row.getByText('Non completata')).toBeVisible();
  const modulePercent = Number((await page.getByTestId('completion-percent').textContent())?.replace('%', ''));

  const syncs: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/lessons/${first.id}/sync`)) syncs.push(Date.now());
  });
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lezione' })).toBeVisible();
  await expect(
    page.getByText(/Non chiudere il browser finché non compare il pulsante "Prossima lezione"/),
  ).toBeVisible();
  await expect(page.getByTestId('lesson-coverage')).toContainText('serve il 90%');
  // Part of the page, not announced as alarms; the count that changes every 3 s is not a live region.
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('note').filter({ hasText: 'Non chiudere il browser' })).toBeVisible();
  await expect(page.getByTestId('lesson-coverage')).not.toHaveAttribute('aria-live', /.+/);

  const next = page.getByRole('link', { name: 'Prossima lezione' });
  await expect(next).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Lezione completata.' })).toBeVisible();
  await expect(next).toHaveAttribute('href', `${moduleUrl}/${second.id}`);

  // Repeated syncs while playing. The exact 3 s period is checked with fake timers in
  // tests/unit/player.test.tsx: wall-clock gaps on a shared machine are too noisy to assert here.
  expect(syncs.length).toBeGreaterThanOrEqual(4);
  const gaps = syncs.slice(1).map((at, index) => at - syncs[index]);
  expect(gaps.filter((gap) => gap > 2_000).length).toBeGreaterThanOrEqual(3);

  // Struck through in the sidebar, "Completata" in the list, and the percentages rise.
  const sidebar = page.getByRole('complementary', { name: 'Lezioni nel modulo' });
  await expect(sidebar.locator('[data-completed="true"]', { hasText: first.name })).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  // Said in words too, not only by the strike-through.
  await expect(sidebar.getByRole('link', { name: `1. ${first.name} (completata)` })).toBeVisible();
  await page.getByRole('link', { name: 'Lezioni', exact: true }).click();
  await expect(
    page.getByRole('link', { name: new RegExp(first.name) }).getByText('Completata', { exact: true }),
  ).toBeVisible();
  await expect
    .poll(async () => Number((await page.getByTestId('completion-percent').textContent())?.replace('%', '')))
    .toBeGreaterThan(modulePercent);
  await page.getByRole('link', { name: 'Moduli del corso' }).click();
  await expect
    .poll(async () => Number((await page.getByTestId('completion-percent').textContent())?.replace('%', '')))
    .toBeGreaterThan(coursePercent);
});

test('the player resumes a lesson where the learner left it', async ({ pageAs, seedDb }) => {
  const page = await pageAs('membro');
  const lessons = lessonsOfModule(seedDb, 1, 1);
  const lesson = lessons[2];
  const saved = seedDb
    .prepare(
      'select p.position as progress from lesson_progress p join users u on u.id = p.user_id where u.email = ? and p.lesson_id = ?',
    )
    .get('membro@example.com', lesson.id) as { progress: number } | undefined;
  expect(saved?.progress ?? 0).toBeGreaterThan(0);
  await page.goto(`/courses/1/modules/${lesson.module_id}/lessons/${lesson.id}`);
  await expect(page.getByTestId('lesson-coverage')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0))
    .toBeGreaterThanOrEqual(saved!.progress - 0.5);
  // The last lesson of the module leads back to the module.
  await expect(
    page.getByText(/Non chiudere il browser finché non compare il pulsante "Torna ai moduli"/),
  ).toBeVisible();
});

test('a lesson hosted on YouTube: the player frame inside its element is named after the lesson', async ({
  pageAs,
  seedDb,
}) => {
  const page = await pageAs('membro');
  // Nothing leaves the machine: the frame exists (and needs its name) whether YouTube answers or not.
  await page.route(/youtube\.com|ytimg\.com|googlevideo\.com/, (route) => route.abort());
  const lesson = seedDb
    .prepare(
      `select l.id, l.name, l.module_id, m.course_id from lessons l join modules m on m.id = l.module_id
       where l.video_url like '%youtube.com%' order by l.id limit 1`,
    )
    .get() as SeedLesson;
  await page.goto(`/courses/${lesson.course_id}/modules/${lesson.module_id}/lessons/${lesson.id}`);
  const frameTitle = () =>
    page.evaluate(() => {
      const host = [...document.querySelectorAll('main *')].find((element) =>
        element.shadowRoot?.querySelector('iframe'),
      );
      return host?.shadowRoot?.querySelector('iframe')?.getAttribute('title') ?? null;
    });
  await expect.poll(frameTitle).toBe(`Video della lezione: ${lesson.name}`);
});

test('on a phone the course pages never move while their data loads (no layout shift): the footer starts below the screen, the header fits a two-line title', async ({
  pageAs,
  seedDb,
}) => {
  const course = seedDb.prepare('select id from courses order by id limit 1').get() as { id: number };
  const page = await pageAs('membro', { viewport: { width: 412, height: 823 } });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const path of ['/courses', `/courses/${course.id}/modules`]) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/courses\b/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    release();
    await expect(page.getByRole('main').getByRole('list').getByRole('link').first()).toBeVisible();
    // Two frames after the list, every shift it caused has been reported.
    const shifts = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { layoutShifts: number[] }).layoutShifts)),
          ),
        ),
    );
    // Within a line's re-centring (0.004 when the title takes its second line): nothing moves down.
    expect(
      shifts.filter((shift) => shift > 0.01),
      path,
    ).toEqual([]);
    await page.unrouteAll();
  }
});

test('a user without video course access gets no courses', async ({ pageAs }) => {
  const page = await pageAs('ospite');
  await page.goto('/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Videocorsi' })).toHaveCount(0);
  await page.goto('/courses');
  await expect(page.getByRole('alert')).toHaveText('Non hai accesso ai videocorsi.');
});

test('an administrator reorders modules and lessons from the keyboard with "Sposta prima" / "Sposta dopo"', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin/courses');
  // A course of its own, so that no other test sees its order change.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`/api/${path}`, { headers, data });
    expect(response.status(), path).toBeLessThan(300);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const courseId = await post('courses', {
    name: `Ordine e2e ${Date.now()}`,
    description: 'Moduli da riordinare.',
    published: 0,
  });
  const modules: number[] = [];
  for (const [position, name] of [
    [1, 'Avvio'],
    [4, 'Mercato'],
    [6, 'Vendite'],
    [9, 'Crescita'],
  ] as const) {
    modules.push(await post(`courses/${courseId}/modules`, { position, name }));
  }
  for (const [position, name] of [
    [1, 'Benvenuto'],
    [3, 'Il problema'],
  ] as const) {
    await post(`courses/${courseId}/modules/${modules[0]}/lessons`, {
      position,
      name,
      video_url: 'https://vimeo.com/76979871',
      video_length: 60,
    });
  }

  await page.goto(`/admin/courses/${courseId}/modules`);
  const titles = page.getByRole('listitem').getByRole('heading', { level: 3 });
  await expect(titles).toHaveText(['1. Avvio', '4. Mercato', '6. Vendite', '9. Crescita']);
  // The first card cannot go earlier, the last cannot go later.
  await expect(page.getByRole('button', { name: 'Sposta prima «Avvio»' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sposta dopo «Crescita»' })).toHaveCount(0);

  const later = page.getByRole('button', { name: 'Sposta dopo «Avvio»' });
  await later.focus();
  await page.keyboard.press('Enter');
  await expect(titles).toHaveText(['1. Mercato', '4. Avvio', '6. Vendite', '9. Crescita']);
  await expect(later).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Modulo «Avvio» spostato in posizione 4.' })).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(titles).toHaveText(['1. Mercato', '4. Vendite', '6. Avvio', '9. Crescita']);
  await expect(later).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titles).toHaveText(['1. Mercato', '4. Vendite', '6. Crescita', '9. Avvio']);
  // Now last: its "Sposta dopo" is gone, focus stays on the card's other move.
  await expect(later).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sposta prima «Avvio»' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titles).toHaveText(['1. Mercato', '4. Vendite', '6. Avvio', '9. Crescita']);
  await expect(page.getByRole('button', { name: 'Sposta prima «Avvio»' })).toBeFocused();

  // A search by name hides the cards in between: no moves then.
  await page.getByPlaceholder('Cerca per nome modulo...').fill('Vendite');
  await expect(titles).toHaveText(['4. Vendite']);
  await expect(page.getByRole('button', { name: /^Sposta / })).toHaveCount(0);
  await page.getByPlaceholder('Cerca per nome modulo...').fill('');
  await expect(titles).toHaveCount(4);

  await page.goto(`/admin/courses/${courseId}/modules/${modules[0]}/lessons`);
  const lessons = page.getByRole('listitem').getByRole('heading', { level: 3 });
  await expect(lessons).toHaveText(['1. Benvenuto', '3. Il problema']);
  const earlier = page.getByRole('button', { name: 'Sposta prima «Il problema»' });
  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect(lessons).toHaveText(['1. Il problema', '3. Benvenuto']);
  await expect(page.getByRole('button', { name: 'Sposta dopo «Il problema»' })).toBeFocused();
});
