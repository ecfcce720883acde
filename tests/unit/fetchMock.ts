import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  keepalive?: boolean;
}

/** A fetch stub answering each call with the next queued response; records every request. */
export function mockFetch(
  ...responses: Array<{ status?: number; body?: unknown; text?: string; headers?: Record<string, string> }>
) {
  const calls: RecordedCall[] = [];
  const queue = [...responses];
  const fetchMockFn = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      keepalive: init.keepalive,
    });
    const next = queue.shift() ?? { status: 200, text: '' };
    const status = next.status ?? 200;
    const text = next.text ?? (next.body === undefined ? '' : JSON.stringify(next.body));
    const nullBody = status === 204 || status === 304;
    return new Response(nullBody ? null : text, {
      status,
      statusText: status === 200 ? 'OK' : `Status ${status}`,
      headers: next.headers,
    });
  });
  vi.stubGlobal('fetch', fetchMockFn);
  return { calls, fetch: fetchMockFn };
}
