import type { fetchUtils } from 'ra-core';

/**
 * What the HTTP client resolves with: react-admin's `fetchUtils.fetchJson` answer. Its own module,
 * so that the client (http.ts) and the answers it keeps for later (earlyAnswers.ts) both name it
 * without importing each other.
 */
export type HttpResult = Awaited<ReturnType<typeof fetchUtils.fetchJson>>;
