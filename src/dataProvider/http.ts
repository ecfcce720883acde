import { HttpError, type fetchUtils } from 'ra-core';
import { keepEarlyAnswer, takeEarlyAnswer } from './earlyAnswers';
import type { HttpResult } from './httpResult';
import { getToken } from './token';
import { parseBody } from './parseBody';
import { flattenFieldErrors } from './validationErrors';

export const API_PREFIX = '/api/';

/** Thrown instead of calling the network when a URL contains "undefined" (an id not known yet). */
export class SkippedRequestError extends Error {
  constructor(url: string) {
    super(`Request skipped: ${url}`);
    this.name = 'SkippedRequestError';
  }
}

/** The API's errors: ra-core's HttpError plus the URL that failed (checkError needs it). */
export type ApiError = HttpError & { url: string };

export interface RequestOptions {
  /** A plain object is sent as JSON; FormData as multipart (the browser sets its Content-Type). */
  body?: unknown;
  /** Query string without the leading "?". */
  query?: string;
  keepalive?: boolean;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: string): string {
  const base = path.startsWith('/') ? path : `${API_PREFIX}${path}`;
  return query ? `${base}?${query}` : base;
}

/** The headers of every call: JSON, the bearer token, and a JSON Content-Type for a non-file body. */
export function buildHeaders(body: unknown, given?: HeadersInit): Headers {
  const headers = new Headers(given);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('X-Requested-With', 'XMLHttpRequest');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (
    body !== undefined &&
    body !== null &&
    !(body instanceof FormData) &&
    !(body instanceof Blob) &&
    !headers.has('Content-Type')
  ) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  return JSON.stringify(body);
}

/**
 * What a failure says when its answer has no message of its own (a proxy's error page, a cut
 * connection): in Italian, as every message shown is; the status line is English.
 */
export function failureWithoutMessage(status: number): string {
  return status >= 500
    ? 'Il servizio non ha risposto correttamente: riprova tra qualche istante.'
    : `Richiesta non riuscita (errore ${status}).`;
}

export function toApiError(status: number, _statusText: string, body: unknown, url: string): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  const message =
    record && typeof record.message === 'string' && record.message !== ''
      ? record.message
      : failureWithoutMessage(status);
  const errorBody =
    status === 422 && record ? { ...record, errors: flattenFieldErrors(record.errors) } : (body ?? null);
  const error = new HttpError(message, status, errorBody) as ApiError;
  error.url = url;
  return error;
}

/** One fetch with the API's headers; a URL with "undefined" in it is not sent, an error status throws ApiError. */
async function send(url: string, init: RequestInit = {}): Promise<Response> {
  if (url.includes('undefined')) throw new SkippedRequestError(url);
  const response = await fetch(url, { ...init, headers: buildHeaders(init.body, init.headers) });
  if (!response.ok) {
    const body = parseBody(await response.text());
    throw toApiError(response.status, response.statusText, body, url);
  }
  return response;
}

/**
 * The app's HTTP client, with the interface of react-admin's `fetchUtils.fetchJson` (so
 * ra-data-simple-rest calls it) and the API's rules: the headers above, `json` parsed only when the
 * text starts with "{", and ApiError (422 field errors flattened, the raw body kept) on failure.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}): Promise<HttpResult> {
  const plainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined;
  return (plainGet && takeEarlyAnswer(url)) || fetchResult(url, options);
}

async function fetchResult(url: string, options: fetchUtils.Options = {}): Promise<HttpResult> {
  const response = await send(url, options);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, json: parseBody(body) };
}

/** Sends GET `url` now, for the HTTP client's first call of the same URL to take (see earlyAnswers.ts). */
export function requestEarly(url: string): void {
  keepEarlyAnswer(url, fetchResult(url));
}

/** One JSON call to the API; resolves with the parsed body. */
export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { json } = await httpClient(apiUrl(path, options.query), {
    method,
    body: encodeBody(options.body),
    keepalive: options.keepalive,
    signal: options.signal,
  });
  return json as T;
}

/** A file download (e.g. the attendances spreadsheet). */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(apiUrl(path, options.query), { signal: options.signal });
  return response.blob();
}

/** `{data: X}` → X; anything else is returned as is. */
export function unwrapData<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}
