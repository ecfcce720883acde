import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** An id as the API writes it: digits, no sign, no leading zero, no exponent, no spaces. */
const CANONICAL_ID = /^[1-9]\d*$/;

/** "01", "1e1", " 1": a number the validator would accept, not written as the API writes ids. (What is no number at all is the schema's 422.) */
function isOtherSpelling(raw: unknown): boolean {
  if (typeof raw !== 'string' || CANONICAL_ID.test(raw)) return false;
  const value = Number(raw);
  return raw.trim() !== '' && Number.isInteger(value) && value >= 1;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Path ids have one spelling. The validator would turn "01", "1e1" or "1.0" into a number and
 * answer the record under another address; the portal, which compares ids with its address, then
 * never showed the page. Such a path names nothing: it answers 404 like any unknown path, after
 * the route's sign-in and permission checks. What is not a number at all stays the schema's 422.
 */
export default fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const properties =
      (route.schema?.params as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {};
    const ids = Object.entries(properties)
      .filter(([, schema]) => schema.type === 'integer')
      .map(([name]) => name);
    if (!ids.length) return;
    const checkIds: Hook = async (request, reply) => {
      const params = request.params as Record<string, unknown>;
      if (ids.some((name) => isOtherSpelling(params[name]))) return reply.callNotFound();
      return undefined;
    };
    const existing = route.preValidation;
    route.preValidation = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      checkIds,
    ] as RouteOptions['preValidation'];
  });
});
