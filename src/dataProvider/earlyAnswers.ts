import type { HttpResult } from './httpResult';
import { getToken } from './token';

/**
 * GET requests sent before the code that needs their answers has loaded: a portal page opened
 * directly names what it reads first (src/portal/pageLoads.ts), and main.tsx asks for it while the
 * layout's and the page's code download. The HTTP client's first GET of the same URL, with the same
 * token, then takes that answer rather than asking again. Each answer is taken once; one not taken
 * soon after it was asked is left to the garbage collector and asked afresh.
 */
const KEEP_MS = 15_000;

interface EarlyAnswer {
  token: string;
  askedAt: number;
  answer: Promise<HttpResult>;
}

const answers = new Map<string, EarlyAnswer>();

export function keepEarlyAnswer(url: string, answer: Promise<HttpResult>): void {
  // Its error, if any, is for the page that takes it; nobody may take it at all.
  answer.catch(() => undefined);
  answers.set(url, { token: getToken() ?? '', askedAt: Date.now(), answer });
}

export function takeEarlyAnswer(url: string): Promise<HttpResult> | undefined {
  const early = answers.get(url);
  if (!early) return undefined;
  answers.delete(url);
  if (early.token !== (getToken() ?? '') || Date.now() - early.askedAt > KEEP_MS) return undefined;
  return early.answer;
}

/** The URLs asked early and not taken yet. */
export function untakenEarlyAnswers(): string[] {
  return [...answers.keys()];
}
