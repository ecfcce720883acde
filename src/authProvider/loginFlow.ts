import { sessionApi } from '../dataProvider/session';
import { safeReturnPath } from './returnPath';
import { startSession } from './session';
import type { ErrorBody, SignInRefusalReason } from '../../server/src/contract';

const FLOW_KEY = 'oauth_flow';

/**
 * Why the server refused a sign-in (`reason` of its answer): the callback screen adds a line for
 * each, under the general text, so the person learns what happened and whether it is theirs to fix.
 */
export const REFUSAL_REASONS = [
  'email_missing',
  'email_unverified',
  'email_taken',
  'not_invited',
  'demo_disabled',
  'access_denied',
  'expired',
  'provider_error',
  'code_refused',
  'provider_unavailable',
  'client_rejected',
] as const satisfies readonly SignInRefusalReason[];
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

interface PendingFlow {
  state: string;
  /** The page to open once signed in (src/authProvider/returnPath.ts). */
  returnTo?: string;
}

/**
 * Starts the authorization-code flow: the server prepares it (PKCE, state and nonce stay there)
 * and answers the provider's authorize URL; the state is remembered in this tab, so only the tab
 * that started a sign-in can finish it.
 */
export async function startLogin(returnTo: string | null = null): Promise<void> {
  const { authorize_url: url, state } = await sessionApi.startSignIn();
  const flow: PendingFlow = returnTo ? { state, returnTo } : { state };
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  window.location.assign(url);
}

function readFlow(): PendingFlow | null {
  try {
    const flow = JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null') as PendingFlow | null;
    return flow && typeof flow.state === 'string' ? flow : null;
  } catch {
    return null;
  }
}

/** The page the sign-in in progress in this tab returns to, if any (the callback preloads it). */
export function pendingReturnPath(): string | null {
  return safeReturnPath(readFlow()?.returnTo);
}

export class LoginCallbackError extends Error {
  /** The server's reason, when it gave one the screen knows. */
  readonly reason: RefusalReason | null;
  constructor(message: string, reason: string | null = null) {
    super(message);
    this.name = 'LoginCallbackError';
    this.reason = (REFUSAL_REASONS as readonly string[]).includes(reason ?? '') ? (reason as RefusalReason) : null;
  }
}

function reasonOf(error: unknown): string | null {
  const body = (error as { body?: Partial<ErrorBody> | null } | null)?.body;
  return typeof body?.reason === 'string' ? body.reason : null;
}

/** Exchanges the code; answers the page to return to (null: the dashboard). */
async function exchange(query: URLSearchParams): Promise<string | null> {
  const flow = readFlow();
  const state = query.get('state');
  const error = query.get('error');
  sessionStorage.removeItem(FLOW_KEY);
  if (error) {
    // The server logs the provider's words and answers the reason; the screen shows only ours.
    const answer = await sessionApi
      .exchangeCode({
        error,
        error_description: query.get('error_description') ?? undefined,
        state: state ?? undefined,
      })
      .then(
        () => null,
        (refusal: unknown) => reasonOf(refusal),
      );
    throw new LoginCallbackError(
      `provider error ${error}`,
      answer ?? (error === 'access_denied' ? 'access_denied' : null),
    );
  }
  if (!flow || !state || flow.state !== state) throw new LoginCallbackError('state mismatch', 'expired');
  try {
    const token = await sessionApi.exchangeCode({
      code: query.get('code')!,
      state,
      iss: query.get('iss') ?? undefined,
    });
    startSession(token);
  } catch (refusal) {
    throw new LoginCallbackError('sign-in refused', reasonOf(refusal));
  }
  return safeReturnPath(flow.returnTo);
}

let inFlight: { key: string; promise: Promise<string | null> } | null = null;

/**
 * Handles /auth/callback?code&state (or ?error&state) once: codes are single use and StrictMode
 * runs effects twice, so a second call with the same answer shares the first call's promise.
 * The code leaves the address bar as soon as it is read.
 */
export function completeLogin(search: string = window.location.search): Promise<string | null> {
  const query = new URLSearchParams(search);
  const key = query.get('code') ?? (query.get('error') ? `error:${query.get('error')}:${query.get('state')}` : null);
  if (!key) return Promise.reject(new LoginCallbackError('missing code'));
  if (inFlight?.key === key) return inFlight.promise;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const promise = exchange(query);
  inFlight = { key, promise };
  return promise;
}
