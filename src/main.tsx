import { startPortalPage } from './startPage';

/*
 * The page starts in three scripts, each run in its own task so that the browser can paint and
 * answer input between them (on a mid-range phone, run as one they took over 200 ms):
 * 1. this one: the stored session, and the code and API calls of the page opened (startPage.ts);
 * 2. React's DOM renderer;
 * 3. the app (MUI, the theme, the route table, the login screen), which renders.
 * The server names the files of 2 and 3 in every page it sends (server/src/lib/page-preloads.ts),
 * so they download beside this one rather than after it.
 */
startPortalPage(window.location.pathname);

// Not top-level await: the entry shares its chunk with what the other two import (React, the router).
void import('react-dom/client')
  .then(async ({ createRoot }) => {
    const { renderApp } = await import('./renderApp');
    renderApp(createRoot(document.getElementById('root')!));
  });
