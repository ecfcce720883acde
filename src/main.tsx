import { startPortalPage } from './startPage';

/*
 * The page starts in three scripts, each run in a task of its own so that the browser can paint and
 * answer input between them (on a mid-range phone, run as one they took over 200 ms):
 * 1. this one: the stored session, and the first API calls of the page opened (startPage.ts);
 * 2. React's DOM renderer;
 * 3. the app (MUI, the theme, the route table, the login screen), which renders.
 * The server names the files of 2 and 3 in every page it sends (server/src/lib/page-preloads.ts),
 * so they download beside this one rather than after it. Downloaded already, a module imported
 * would run in the task that imported it: the app's import waits for a new task first.
 */
startPortalPage(window.location.pathname);

/** A new task: a posted message, which, unlike a timer, a tab opened in the background does not hold back. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

// Not top-level await: the entry shares its chunk with what the other two import (React, the router).
void (async () => {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { renderApp } = await import('./renderApp');
  renderApp(createRoot(document.getElementById('root')!));
})();
