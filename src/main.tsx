import { startPortalPage } from './startPage';

/*
 * The page starts in four scripts, each run in a task of its own so that the browser can paint and
 * answer input between them (on a mid-range phone, run as one they took over 200 ms):
 * 1. this one: the stored session, and the code and API calls of the page opened (startPage.ts);
 * 2. React's DOM renderer;
 * 3. the theme, with what it is built from (Emotion, MUI's styling core);
 * 4. the app (MUI's components, the route table, the login screen), which renders.
 * The server names the files of 2 to 4 in every page it sends (server/src/lib/page-preloads.ts),
 * so they download beside this one rather than after it. Downloaded already, a module imported
 * would run in the task that imported it: the imports wait for a new task first.
 */
startPortalPage(window.location.pathname);

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Not top-level await: the entry shares its chunk with what the others import (React, the router).
void (async () => {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  await import('./theme');
  await nextTask();
  const { renderApp } = await import('./renderApp');
  renderApp(createRoot(document.getElementById('root')!));
})();
