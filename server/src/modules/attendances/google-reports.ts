import type { GoogleCredentials } from './config.js';
import type { GoogleTokenSource } from './google-auth.js';
import { httpFailure, PermanentError, RetryLaterError } from './google-errors.js';
import type { ParticipantStint } from './types.js';

/** The documented shape of activities.list (only the fields we read). */
interface ActivityParameter {
  name: string;
  value?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface Activity {
  id?: { time?: string; uniqueQualifier?: string };
  actor?: { email?: string };
  events?: Array<{ type?: string; name?: string; parameters?: ActivityParameter[] }>;
}
interface ActivitiesPage {
  items?: Activity[];
  nextPageToken?: string;
}

const MAX_PAGES = 200;

function param(parameters: ActivityParameter[], name: string): ActivityParameter | undefined {
  return parameters.find((p) => p.name === name);
}

function text(parameters: ActivityParameter[], name: string): string | null {
  const value = param(parameters, name)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function integer(parameters: ActivityParameter[], name: string): number | null {
  const raw = param(parameters, name)?.intValue;
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) ? value : null;
}

/**
 * One `call_ended` event = one participant's stint: the activity time is when they left, and
 * `duration_seconds` how long they stayed, so they joined at time − duration.
 */
export function stintFromActivity(activity: Activity, meetingCode: string): ParticipantStint[] {
  const stints: ParticipantStint[] = [];
  const leftMs = activity.id?.time ? Date.parse(activity.id.time) : NaN;
  for (const event of activity.events ?? []) {
    if (event.name !== 'call_ended') continue;
    const parameters = event.parameters ?? [];
    const code = text(parameters, 'meeting_code');
    if (code && code.replace(/-/g, '').toUpperCase() !== meetingCode) continue;
    const identifier = text(parameters, 'identifier');
    const identifierType = text(parameters, 'identifier_type');
    const isEmail =
      identifier !== null && (identifierType === 'email_address' || (!identifierType && identifier.includes('@')));
    const email = isEmail ? identifier : (activity.actor?.email ?? null);
    const name = text(parameters, 'display_name');
    const duration = integer(parameters, 'duration_seconds');
    const leftAt = Number.isNaN(leftMs) ? null : new Date(leftMs).toISOString();
    const joinedAt = leftAt && duration !== null ? new Date(leftMs - duration * 1000).toISOString() : null;
    const endpoint = text(parameters, 'endpoint_id');
    const who = identifier ?? email ?? name ?? 'anonimo';
    stints.push({
      name,
      email,
      joinedAt,
      leftAt,
      externalKey: endpoint ? `endpoint:${endpoint}` : `${who}|${joinedAt ?? activity.id?.uniqueQualifier ?? ''}`,
    });
  }
  return stints;
}

/**
 * All participants' stints of one meeting code, following nextPageToken. Throws RetryLaterError
 * (429/5xx/network) or PermanentError (other 4xx); an empty list means "not in the report yet".
 */
export async function fetchMeetStints(
  credentials: GoogleCredentials,
  tokens: GoogleTokenSource,
  meetingCode: string,
  window: { startTime: string; endTime: string },
  now: () => number = Date.now,
): Promise<ParticipantStint[]> {
  const stints: ParticipantStint[] = [];
  let pageToken: string | undefined;
  let retriedAuth = false;
  for (let page = 0; page < MAX_PAGES;) {
    const url = new URL(`${credentials.reportsBaseUrl}/admin/reports/v1/activity/users/all/applications/meet`);
    url.searchParams.set('eventName', 'call_ended');
    url.searchParams.set('filters', `meeting_code==${meetingCode}`);
    url.searchParams.set('startTime', window.startTime);
    url.searchParams.set('endTime', window.endTime);
    url.searchParams.set('maxResults', '1000');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const token = await tokens.accessToken();
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(60_000),
      });
    } catch (e) {
      throw new RetryLaterError(`Reports API non raggiungibile: ${(e as Error).message}`);
    }
    if (res.status === 401 && !retriedAuth) {
      // A revoked or expired token: get a fresh one once, then let a second 401 count as permanent.
      tokens.invalidate();
      retriedAuth = true;
      continue;
    }
    if (!res.ok) throw await httpFailure('Reports API', res, now());
    let body: ActivitiesPage;
    try {
      body = (await res.json()) as ActivitiesPage;
    } catch {
      throw new RetryLaterError('Reports API: risposta non JSON');
    }
    for (const activity of body.items ?? []) {
      // A meeting code is reused by recurring meetings: keep only this session's window.
      const at = Date.parse(activity.id?.time ?? '');
      if (at < Date.parse(window.startTime) || at > Date.parse(window.endTime)) continue;
      stints.push(...stintFromActivity(activity, meetingCode));
    }
    pageToken = body.nextPageToken || undefined;
    page++;
    if (!pageToken) return stints;
  }
  throw new PermanentError(`Reports API: più di ${MAX_PAGES} pagine per il codice riunione ${meetingCode}`);
}
