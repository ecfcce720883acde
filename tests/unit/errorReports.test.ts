import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReporter, watchErrors } from '../../src/errorReports';

/** The reports a reporter sent: fetch's calls to /api/client-errors, with their bodies and headers. */
function capture() {
  const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  return () =>
    fetch.mock.calls.map(([url, init]) => {
      expect(url).toBe('/api/client-errors');
      expect(init?.method).toBe('POST');
      expect(init?.keepalive).toBe(true);
      return {
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        headers: init?.headers as Record<string, string>,
      };
    });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errorReporter', () => {
  it("sends the error's message, stack, the page's path and the release", () => {
    const sent = capture();
    window.history.pushState(null, '', '/courses/3/modules?tab=2#top');
    const error = new TypeError('x is not a function');
    errorReporter()('error', error);
    const [report] = sent();
    expect(report.body).toEqual({
      kind: 'error',
      message: 'x is not a function',
      stack: error.stack,
      page: '/courses/3/modules',
      release: 'dev',
    });
    expect(report.headers['content-type']).toBe('application/json');
    expect(report.headers.authorization).toBeUndefined();
  });

  it("names the signed-in user's token, and reports what is not an Error as text", () => {
    const sent = capture();
    localStorage.setItem('token', 'the-token');
    errorReporter()('rejection', 'plain reason');
    const [report] = sent();
    expect(report.headers.authorization).toBe('Bearer the-token');
    expect(report.body).toMatchObject({ kind: 'rejection', message: 'plain reason', stack: null });
  });

  it('sends one message once, and at most five reports in all', () => {
    const sent = capture();
    const report = errorReporter();
    for (let i = 0; i < 3; i++) report('error', new Error('same'));
    expect(sent()).toHaveLength(1);
    for (let i = 0; i < 10; i++) report('error', new Error(`other ${i}`));
    expect(sent().map((r) => r.body.message)).toEqual(['same', 'other 0', 'other 1', 'other 2', 'other 3']);
  });

  it('cuts a long message and stack', () => {
    const sent = capture();
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(10_000);
    errorReporter()('render', error);
    const [{ body }] = sent();
    expect((body.message as string).length).toBe(1000);
    expect((body.stack as string).length).toBe(4000);
  });

  it('leaves a failed report be', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    errorReporter()('error', new Error('while offline'));
    await new Promise((resolve) => setTimeout(resolve));
  });
});

describe('watchErrors', () => {
  it("reports the window's uncaught errors, unhandled rejections and Vite's failed preloads", () => {
    const target = new EventTarget() as Window;
    const report = vi.fn();
    watchErrors(target, report);
    const thrown = new Error('thrown');
    target.dispatchEvent(new ErrorEvent('error', { error: thrown, message: 'thrown' }));
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    target.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'rejected' });
    target.dispatchEvent(rejection);
    const chunk = new Error('Failed to fetch dynamically imported module: /assets/A.js');
    target.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: chunk }));
    expect(report.mock.calls).toEqual([
      ['error', thrown],
      ['error', 'Script error.'],
      ['rejection', 'rejected'],
      ['chunk', chunk],
    ]);
  });
});
