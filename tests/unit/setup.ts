import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { backOfficeMessages } from '../../src/admin/backOfficeMessages';
import { addMessages } from '../../src/i18n';
import { portalMessages } from '../../src/i18n/portal';
import { statementMessages } from '../../src/i18n/statement';
import { releaseFocus } from '../../src/admin/common/holdFocus';
import { resetPublicConfig } from '../../src/config/publicConfigRequest';
import { queryClient } from '../../src/queryClient';

// findBy… and waitFor give up after this long: a first render that loads a lazy part (a dialog, a
// page) can take more than the default second while the other worker keeps the machine busy.
configure({ asyncUtilTimeout: 5000 });

// Each part of the app adds its texts when it loads (the portal's layout, the statement page, the
// back-office: src/i18n/index.ts); tests render their pieces on their own.
addMessages(portalMessages);
addMessages({ app: { a11y: { statement: statementMessages } } });
addMessages(backOfficeMessages);

// The query cache is one per page load (src/queryClient.ts), and so is the public
// configuration's request (src/config/publicConfigRequest.ts): each test starts with both empty.
// A focus hold (src/admin/common/holdFocus.ts) keeps a timer for a moment after a change: none may outlive
// its test, where it would run after the test's document is gone. List filters live in the
// address (the back-office's hash router) and in storage, as does the session: each test starts
// from a blank page.
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  cleanup();
  releaseFocus();
  queryClient.clear();
  resetPublicConfig();
  vi.restoreAllMocks();
});
