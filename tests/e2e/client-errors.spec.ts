import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The page reports the errors it meets to POST /api/client-errors (src/errorReports.ts): an
 * uncaught error, an unhandled rejection, a screen whose code could not be downloaded. The server
 * answers 204 and logs each (tests/api/request-ids.test.ts checks the log line).
 */

test.describe.configure({ mode: 'parallel' });

const COURSES_CHUNK = /\/assets\/CourseListPage-[^/]+\.js$/;

interface Report {
  kind: string;
  message: string;
  stack: string | null;
  page: string;
  release: string;
}

/** The next report the page sends whose message contains `text`, and the server's answer to it. */
async function nextReport(page: Page, text: string): Promise<{ request: Request; body: Report; status: number }> {
  const request = await page.waitForRequest(
    (r) =>
      r.method() === 'POST' &&
      new URL(r.url()).pathname === '/api/client-errors' &&
      ((r.postDataJSON() as Report | null)?.message ?? '').includes(text),
  );
  const response = await request.response();
  return { request, body: request.postDataJSON() as Report, status: response?.status() ?? 0 };
}

test('an uncaught error and an unhandled rejection on the sign-in page are reported', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Accedi con/ })).toBeVisible();

  const thrown = nextReport(page, 'e2e: thrown');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e: thrown');
    });
  });
  const error = await thrown;
  expect(error.status).toBe(204);
  expect(error.body).toMatchObject({ kind: 'error', message: 'e2e: thrown', page: '/' });
  expect(error.body.stack).toContain('e2e: thrown');
  // The build's release: package.json's version, and the commit when the build had git.
  expect(error.body.release).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]+)?$/);
  expect(await error.request.headerValue('authorization')).toBeNull();

  const rejected = nextReport(page, 'e2e: rejected');
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e: rejected'));
  });
  const rejection = await rejected;
  expect(rejection.status).toBe(204);
  expect(rejection.body).toMatchObject({ kind: 'rejection', message: 'e2e: rejected', page: '/' });
});

test("a portal page whose code fails to download is reported with the user's token", async ({ pageAs }) => {
  const page = await pageAs('membro');
  await page.goto('/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(navigation.getByRole('link', { name: 'Videocorsi' })).toBeVisible();

  await page.route(COURSES_CHUNK, (route) => route.abort('internetdisconnected'));
  const failed = nextReport(page, 'CourseListPage');
  await navigation.getByRole('link', { name: 'Videocorsi' }).click();
  const report = await failed;
  expect(report.status).toBe(204);
  expect(report.body).toMatchObject({ kind: 'chunk', page: '/courses' });
  expect(await report.request.headerValue('authorization')).toMatch(/^Bearer \S+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile mostrare la pagina' })).toBeVisible();
});
