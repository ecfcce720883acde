import { describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../src/nextTask';

/*
 * src/main.tsx starts a page in steps, each in a task of its own (a posted message), so that no
 * single task runs the entry, React's DOM renderer, the app's code and the first render together.
 */
const steps = vi.hoisted(() => [] as string[]);

const themesBuilt = vi.hoisted(() => ({ count: 0 }));
vi.mock('@mui/material/styles', async (importOriginal) => {
  const styles = await importOriginal<typeof import('@mui/material/styles')>();
  return {
    ...styles,
    createTheme: (...args: Parameters<typeof styles.createTheme>) => (themesBuilt.count++, styles.createTheme(...args)),
  };
});
vi.mock('../../src/startPage', () => ({ startPortalPage: () => steps.push('page started') }));
vi.mock('react-dom/client', () => {
  steps.push('react-dom loaded');
  return { createRoot: () => (steps.push('root created'), {}) };
});
vi.mock('../../src/renderApp', () => {
  steps.push('app loaded');
  return { renderApp: () => steps.push('render started') };
});

vi.mock('../../src/nextTask', () => ({
  nextTask: () => new Promise<void>((resolve) => setTimeout(() => (steps.push('new task'), resolve()), 0)),
}));

describe('the start of a page', () => {
  it('runs the entry, the DOM renderer, the app and the first render in separate tasks', async () => {
    await import('../../src/main');
    await vi.waitFor(() => expect(steps).toContain('render started'));
    expect(steps).toEqual([
      'page started',
      'react-dom loaded',
      'new task',
      'app loaded',
      'new task',
      'root created',
      'render started',
    ]);
  });
});

describe('nextTask', () => {
  it('resolves in a new task: after the microtasks and the task already queued', async () => {
    const { nextTask: realNextTask } = await vi.importActual<{ nextTask: typeof nextTask }>('../../src/nextTask');
    const order: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => order.push('task queued before');
    channel.port2.postMessage(null);
    const done = realNextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await done;
    channel.port1.close();
    expect(order).toEqual(['microtask', 'task queued before', 'next task']);
  });
});

describe('the theme', () => {
  it('is built at its first use, once, not when its module loads', async () => {
    const { appTheme } = await import('../../src/theme');
    expect(themesBuilt.count).toBe(0);
    expect(appTheme()).toBe(appTheme());
    expect(themesBuilt.count).toBe(1);
  });
});
