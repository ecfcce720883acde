/**
 * Each portal page's path (react-router's pattern) and the module under src/portal that renders it,
 * as src/portal/pageLoads.ts loads it (tests/unit/pageModules.test.ts holds the two together). Plain
 * data for the server, which names, in the HTML of a page opened directly, the files that page will
 * load (server/src/infra/page-preloads.ts), so the browser fetches them while the entry script is
 * still downloading and running instead of after it. The browser never loads this module.
 */
export const PORTAL_PAGE_MODULES = {
  '/dashboard': 'Dashboard.tsx',
  '/percorso/:teamId': 'team/PercorsoPage.tsx',
  '/percorso/:teamId/sessions/:sessionId': 'team/SessionPage.tsx',
  '/sessions/:sessionId': 'team/SessionPage.tsx',
  '/courses': 'courses/CourseListPage.tsx',
  '/courses/:courseId/modules': 'courses/CoursePage.tsx',
  '/courses/:courseId/modules/:moduleId/lessons': 'courses/ModulePage.tsx',
  '/courses/:courseId/modules/:moduleId/lessons/:lessonId': 'courses/PlayerPage.tsx',
  '/segnala-accessibilita': 'accessibility/ReportProblemPage.tsx',
  '/i-miei-dati': 'privacy/MyDataPage.tsx',
  '/accessi-attivi': 'signins/SignInsPage.tsx',
} as const;

export type PortalPagePath = keyof typeof PORTAL_PAGE_MODULES;
