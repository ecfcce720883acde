import { HttpError } from 'ra-core';
import { getToken } from './token';
import { parseBody } from './parseBody';
import { flattenFieldErrors } from './validationErrors';

export const API_PREFIX = '/api/';

/** Thrown instead of calling the network when a URL contains "undefined" (SPEC §7). */
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

export function buildHeaders(body: unknown): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData) && !(body instanceof Blob)) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  return JSON.stringify(body);
}

export function toApiError(status: number, statusText: string, body: unknown, url: string): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  const message =
    record && typeof record.message === 'string' && record.message !== '' ? record.message : statusText || `HTTP ${status}`;
  const errorBody =
    status === 422 && record ? { ...record, errors: flattenFieldErrors(record.errors) } : (body ?? null);
  const error = new HttpError(message, status, errorBody) as ApiError;
  error.url = url;
  return error;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const url = apiUrl(path, options.query);
  if (url.includes('undefined')) throw new SkippedRequestError(url);
  const response = await fetch(url, {
    method,
    headers: buildHeaders(options.body),
    body: encodeBody(options.body),
    keepalive: options.keepalive,
    signal: options.signal,
  });
  if (!response.ok) {
    const body = parseBody(await response.text());
    throw toApiError(response.status, response.statusText, body, url);
  }
  return response;
}

/** One JSON call to the API; resolves with the parsed body. */
export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  return parseBody(await response.text()) as T;
}

/** A file download (e.g. the attendances spreadsheet). */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send('GET', path, options);
  return response.blob();
}

/** `{data: X}` → X; anything else is returned as is. */
export function unwrapData<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}
