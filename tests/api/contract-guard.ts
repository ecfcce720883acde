import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Response schemas describe the JSON; they must never change it. Fastify serializes with the
 * declared schema, which silently drops undeclared properties and coerces values, so every API
 * test app checks each JSON answer against the handler's payload as `JSON.stringify` writes it.
 * Differences are collected here and fail the test file (see useTestApp).
 */
export const contractMismatches: string[] = [];

const expected = new WeakMap<FastifyRequest, string>();

function hooks<T>(existing: T | T[] | undefined): T[] {
  if (existing === undefined) return [];
  return Array.isArray(existing) ? existing : [existing];
}

async function remember(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
  expected.set(request, JSON.stringify(payload));
  return payload;
}

async function compare(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const before = expected.get(request);
  if (before === undefined || typeof payload !== 'string') return payload;
  const wanted: unknown = JSON.parse(before);
  const sent: unknown = JSON.parse(payload);
  if (!isDeepStrictEqual(sent, wanted)) {
    contractMismatches.push(
      `${request.method} ${request.routeOptions.url} → ${reply.statusCode}\n  handler: ${before.slice(0, 800)}\n  sent:    ${payload.slice(0, 800)}`,
    );
  }
  return payload;
}

/** An `onRoute` hook: wraps every /api route with the check above. */
export function guardResponseSchemas(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  route.preSerialization = [...hooks(route.preSerialization), remember] as RouteOptions['preSerialization'];
  route.onSend = [...hooks(route.onSend), compare] as RouteOptions['onSend'];
}
