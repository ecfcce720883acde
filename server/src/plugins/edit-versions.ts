import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { TObject } from 'typebox';
import { HttpError } from '../http/errors.js';
import { withLease } from '../infra/leases.js';
import { oneAtATimePerKey } from '../infra/one-at-a-time.js';

/**
 * Edits that cross: two people (or two tabs) open the same record's form, both save. The form sends
 * the whole record as it loaded it, so without a check the second save silently puts back, in the
 * fields it did not touch, the values the first one replaced.
 *
 * A record's *edit version* is a digest of the fields its edit form sends (the keys of its PUT body),
 * as the record's GET presents them. The GET and the PUT answer it as `ETag`; a PUT that sends it back
 * as `If-Match` is refused with 412 when those fields changed since. Changes to anything else (a
 * team's members, an avatar) leave it as it was, so they never stop a form from saving. A PUT without
 * `If-Match` is applied as before: the precondition is the client's to ask for.
 */
export interface EditVersion {
  fields: readonly string[];
  /** PUT only: the record's GET answer (`{data}`); a record that does not exist throws the route's 404. */
  current?: (request: FastifyRequest) => Promise<{ data: unknown }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    editVersion?: EditVersion;
  }
}

/**
 * How long a save's lease outlives a process that died holding it: the record's next save waits
 * that long at most. A save is a few statements, each bounded by DB_QUERY_TIMEOUT_SECONDS.
 */
const SAVE_LEASE_MS = 30_000;

export const EDITED_MEANWHILE =
  "Nel frattempo un'altra persona ha modificato questo elemento: le modifiche non sono state salvate.";

/** The edit version of a GET answer and of the PUT that updates it: their fields are the PUT body's. */
export function editVersionOf(body: TObject, current?: EditVersion['current']): EditVersion {
  return { fields: Object.keys(body.properties), current };
}

/** The ETag of a record's edit version (a strong validator: it names one state of those fields). */
export function editVersionTag(record: unknown, fields: readonly string[]): string {
  const values = fields.map((field) => (record as Record<string, unknown>)[field] ?? null);
  return `"${createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-Match header names this tag: a list of tags, or `*` (any current record). */
export function ifMatchAccepts(header: string, tag: string): boolean {
  return header
    .split(',')
    .map((part) => part.trim())
    .some((part) => part === '*' || part === tag);
}

export default fp(async (app) => {
  const saves = oneAtATimePerKey();
  app.addHook('onRoute', (route: RouteOptions) => {
    const version = route.config?.editVersion;
    if (!version) return;

    const tagAnswer = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const record = (payload as { data?: unknown } | null)?.data;
      if (reply.statusCode < 300 && record && typeof record === 'object')
        reply.header('etag', editVersionTag(record, version.fields));
      return payload;
    };
    route.preSerialization = [...listOf(route.preSerialization), tagAnswer] as RouteOptions['preSerialization'];

    if (!version.current) return;
    const load = version.current;
    const checkVersion = async (request: FastifyRequest) => {
      const expected = request.headers['if-match'];
      if (!expected) return;
      const { data } = await load(request);
      if (!ifMatchAccepts(expected, editVersionTag(data, version.fields))) throw new HttpError(412, EDITED_MEANWHILE);
    };
    // The check runs in the handler's place, after the route's own checks (permission, existence, the
    // body's rules): a request that would be refused anyway hears why, rather than about a version.
    // Saves of one record wait for each other there, check and write, so that two sent at once on the
    // same version cannot both pass the check before either has written: first in this process's
    // queue, then for the record's lease in the database, which every process shares (several
    // workers or hosts). Saves without If-Match wait their turn too, so that none lands between
    // another's check and its write.
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const record = `${route.url} ${JSON.stringify(request.params)}`;
      return saves(record, () =>
        withLease(
          app.repos.editLeases,
          record,
          async () => {
            await checkVersion(request);
            return handler.call(this, request, reply);
          },
          {
            leaseMs: SAVE_LEASE_MS,
            onReleaseFailed: (error) =>
              request.log.warn({ err: error }, 'save lease not given back: it lapses in 30 s'),
          },
        ),
      );
    };
  });
});

function listOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
