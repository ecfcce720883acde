import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { AUTH_TABLES } from '../auth/auth-cache.js';
import { KEEPALIVE_IDLE_MS, runtimeOf, type Db, type DbRuntime } from './index.js';
import type { DbLogger } from './logger.js';

/** The PostgreSQL channel server processes announce their changes to cached data on. */
export const CHANGES_CHANNEL = 'percorso_changes';
/** Followed by a listener's id: the channel on which the others confirm its announcements. */
const SEEN_CHANNEL_PREFIX = 'percorso_seen_';
/** How the listeners' connections name themselves, so that an announcer can count them. */
const LISTENER_APPLICATION_PREFIX = 'percorso-changes-';
/** The tables whose changes are announced: the ones an in-process cache keeps on PostgreSQL. */
const ANNOUNCED_TABLES = AUTH_TABLES;
const RECONNECT_MS = 1_000;
/** The longest an answer waits for the other processes to confirm (one that hangs or just died). */
export const CONFIRMATION_TIMEOUT_MS = 1_000;

/** The announcers of this process's listening databases (see listenForChanges). */
const announcers = new WeakMap<DbRuntime, () => Promise<void>>();

declare module 'fastify' {
  interface FastifyRequest {
    /** This process's write version of the announced tables when the request arrived. */
    changeMark: number;
  }
}

/**
 * Announces, on PostgreSQL, that a request changed cached data (a logout, a role or permission
 * edit, a user change), and holds its answer until every listening process confirmed it, so that
 * the next request in any process already finds its cache emptied. The mark is taken when the
 * request arrives and compared before the answer is sent; the announcement goes out after the
 * request's transaction committed, so a process that reloads at once reads the new rows.
 */
export default fp(
  async (app) => {
    const runtime = runtimeOf(app.db);
    if (!runtime || runtime.kind !== 'postgres') return;
    const writes = runtime.writes;
    app.decorateRequest('changeMark', 0);
    app.addHook('onRequest', (request, _reply, done) => {
      request.changeMark = writes.localVersionOf(ANNOUNCED_TABLES);
      done();
    });
    app.addHook('onSend', async (request) => {
      if (writes.localVersionOf(ANNOUNCED_TABLES) === request.changeMark) return;
      request.changeMark = writes.localVersionOf(ANNOUNCED_TABLES);
      await announceChanges(app.db).catch((err: unknown) => request.log.warn({ err }, 'change announcement failed'));
    });
  },
  { name: 'change-notices', dependencies: ['core'] },
);

/**
 * Tells every listening process that the announced tables changed. Through this process's
 * listener (listenForChanges), it returns once they all emptied their caches; without one, as soon
 * as the announcement is sent.
 */
export async function announceChanges(db: Db): Promise<void> {
  const runtime = runtimeOf(db);
  const announce = runtime && announcers.get(runtime);
  if (announce) return announce();
  await sql`select pg_notify(${CHANGES_CHANNEL}, '')`.execute(db);
}

/**
 * Listens (a PostgreSQL connection of its own, reconnecting after a cut) for other processes'
 * announcements and empties this process's caches of the announced tables. While the connection
 * is down the caches keep nothing: every request reads the database, as an announcement may be
 * missed; on reconnection everything cached before is dropped.
 *
 * Delivery alone would not make a change apply on the very next request elsewhere: a process may
 * read that request from its socket before the announcement from its listener's. So each
 * listener confirms every announcement once its caches are emptied (on the announcer's own
 * channel), and this process's announcements, sent from its listener's connection, wait for as
 * many confirmations as there are listening connections (CONFIRMATION_TIMEOUT_MS at most).
 */
export function listenForChanges(db: Db, url: string, log: DbLogger): { stop(): Promise<void> } {
  const runtime = runtimeOf(db);
  if (!runtime) throw new Error('listenForChanges needs a database opened by createDb');
  let listening = false;
  let epoch = 0;
  // A moving number makes every cached entry stale: no cache while not listening.
  runtime.externalVersion = () => (listening ? epoch : ++epoch);
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const seenChannel = `${SEEN_CHANNEL_PREFIX}${id}`;
  let sequence = 0;
  /** This process's announcements awaiting confirmation, by payload. */
  const pending = new Map<string, { seen: number; expected: number; settle(): void }>();

  const confirm = (client: import('pg').Client, payload: string) => {
    const sender = /^([0-9]+_[0-9a-f]{8}):[0-9]+$/.exec(payload)?.[1];
    if (!sender) return;
    client.query('select pg_notify($1, $2)', [`${SEEN_CHANNEL_PREFIX}${sender}`, payload]).catch(() => {});
  };
  const seen = (payload: string) => {
    const announcement = pending.get(payload);
    if (announcement && ++announcement.seen >= announcement.expected) announcement.settle();
  };

  const announce = async () => {
    const sender = client;
    if (!listening || !sender) {
      await sql`select pg_notify(${CHANGES_CHANNEL}, '')`.execute(db);
      return;
    }
    const payload = `${id}:${++sequence}`;
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<boolean>((resolve) => {
      // Confirmations may arrive before the count does: until then none is enough.
      pending.set(payload, { seen: 0, expected: Infinity, settle: () => resolve(true) });
      timer = setTimeout(() => resolve(false), CONFIRMATION_TIMEOUT_MS);
    });
    try {
      const { rows } = await sender.query<{ listeners: number }>(
        `select (select count(*)::int from pg_stat_activity
                  where datname = current_database() and application_name like $3) as listeners,
                pg_notify($1, $2)`,
        [CHANGES_CHANNEL, payload, `${LISTENER_APPLICATION_PREFIX}%`],
      );
      const announcement = pending.get(payload)!;
      announcement.expected = rows[0]!.listeners;
      if (announcement.seen >= announcement.expected) announcement.settle();
      if (!(await confirmed)) log.warn({ payload }, 'change announcements: not every process confirmed in time');
    } finally {
      clearTimeout(timer);
      pending.delete(payload);
    }
  };
  announcers.set(runtime, announce);

  const lost = (error: unknown) => {
    if (stopped) return;
    if (listening) log.warn({ err: error }, 'change announcements: connection lost, reconnecting');
    listening = false;
    const old = client;
    client = null;
    void old?.end().catch(() => {});
    if (!retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  const connect = async () => {
    if (stopped) return;
    const pg = await import('pg');
    const fresh = new pg.default.Client({
      connectionString: url,
      application_name: `${LISTENER_APPLICATION_PREFIX}${process.pid}`,
      connectionTimeoutMillis: 5000,
      // A `listen` left unanswered (a network cut that drops packets) fails, and the connection is
      // replaced, instead of leaving the caches off until the system gives up on it.
      query_timeout: runtime.queryTimeoutMs || undefined,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    });
    client = fresh;
    fresh.on('error', (error) => client === fresh && lost(error));
    fresh.on('end', () => client === fresh && lost(new Error('connection ended')));
    fresh.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) {
        runtime.writes.remoteWrite(ANNOUNCED_TABLES);
        confirm(fresh, message.payload ?? '');
      } else if (message.channel === seenChannel) {
        seen(message.payload ?? '');
      }
    });
    try {
      await fresh.connect();
      await fresh.query(`listen ${CHANGES_CHANNEL}`);
      await fresh.query(`listen ${seenChannel}`);
      if (client !== fresh) return;
      epoch++;
      listening = true;
    } catch (error) {
      if (client === fresh) lost(error);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      listening = false;
      announcers.delete(runtime);
      if (retry) clearTimeout(retry);
      const old = client;
      client = null;
      await old?.end().catch(() => {});
    },
  };
}
