import { nextTask } from './nextTask';
import { startPortalPage } from './startPage';
import { watchErrors } from './errorReports';

/*
 * The page starts in four steps, each run in a task of its own so that the browser can paint and
 * answer input between them (on a mid-range phone, run as one they took over 200 ms):
 * 1. this script: the stored session, and the first API calls of the page opened (startPage.ts);
 * 2. React's DOM renderer loads;
 * 3. the app's code loads (MUI, the route table, the login screen);
 * 4. the theme is built and the first render starts, which React then carries on in slices.
 * The server names the files of 2 and 3 in every page it sends (server/src/infra/page-preloads.ts),
 * so they download beside this one rather than after it. Downloaded already, a module imported
 * would run in the task that imported it: each step waits for a new task first.
 */
watchErrors();
startPortalPage(window.location.pathname);

// Not top-level await: the entry shares its chunk with what the other steps import (React, the router).
void (async () => {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { renderApp } = await import('./renderApp');
  await nextTask();
  renderApp(createRoot(document.getElementById('root')!));
})();
