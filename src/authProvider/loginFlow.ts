import { dataProvider } from '../dataProvider';
import { startSession } from './session';
import { loadPublicConfig } from '../lib/publicConfigRequest';
import { buildAuthorizeUrl } from './authorizeUrl';
import { codeChallenge, randomToken } from './pkce';

const FLOW_KEY = 'oauth_flow';

interface PendingFlow {
  state: string;
  verifier: string;
  redirectUri: string;
}

/** Starts the authorization-code flow: remembers state + verifier, then leaves for the provider. */
export async function startLogin(): Promise<void> {
  const config = await loadPublicConfig();
  const state = randomToken();
  const verifier = randomToken(48);
  const flow: PendingFlow = { state, verifier, redirectUri: config.redirect_uri };
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  window.location.assign(buildAuthorizeUrl(config, { state, challenge: await codeChallenge(verifier) }));
}

function readFlow(): PendingFlow | null {
  try {
    const flow = JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null') as PendingFlow | null;
    return flow && typeof flow.state === 'string' && typeof flow.verifier === 'string' ? flow : null;
  } catch {
    return null;
  }
}

export class LoginCallbackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginCallbackError';
  }
}

async function exchange(code: string, state: string | null): Promise<void> {
  const flow = readFlow();
  if (!flow || !state || flow.state !== state) throw new LoginCallbackError('state mismatch');
  sessionStorage.removeItem(FLOW_KEY);
  const token = await dataProvider.exchangeCode({ code, code_verifier: flow.verifier, redirect_uri: flow.redirectUri });
  startSession(token);
}

let inFlight: { code: string; promise: Promise<void> } | null = null;

/**
 * Handles /auth/callback?code&state once per code: codes are single use and StrictMode runs
 * effects twice, so a second call with the same code shares the first call's promise.
 * The code leaves the address bar as soon as it is read.
 */
export function completeLogin(search: string = window.location.search): Promise<void> {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  if (!code) return Promise.reject(new LoginCallbackError('missing code'));
  if (inFlight?.code === code) return inFlight.promise;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const promise = exchange(code, query.get('state'));
  inFlight = { code, promise };
  return promise;
}
