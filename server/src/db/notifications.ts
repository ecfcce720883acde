import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { AUTH_TABLES } from '../auth/auth-cache.js';
import { KEEPALIVE_IDLE_MS, runtimeOf, type Db, type DbLogger } from './index.js';

/** The PostgreSQL channel server processes announce their changes to cached data on. */
export const CHANGES_CHANNEL = 'percorso_changes';
/** The tables whose changes are announced: the ones an in-process cache keeps on PostgreSQL. */
const ANNOUNCED_TABLES = AUTH_TABLES;
const RECONNECT_MS = 1_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** This process's write version of the announced tables when the request arrived. */
    changeMark: number;
  }
}

/**
 * Announces, on PostgreSQL, that a request changed cached data (a logout, a role or permission
 * edit, a user change): before its answer leaves, so that the next request in any other process
 * already finds its cache emptied. The mark is taken when the request arrives and compared before
 * the answer is sent; the announcement goes out after the request's transaction committed, so a
 * process that reloads at once reads the new rows.
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

/** Tells every listening process that the announced tables changed. */
export async function announceChanges(db: Db): Promise<void> {
  await sql`select pg_notify(${CHANGES_CHANNEL}, 'auth')`.execute(db);
}

/**
 * Listens (a PostgreSQL connection of its own, reconnecting after a cut) for other processes'
 * announcements and empties this process's caches of the announced tables. While the connection
 * is down the caches keep nothing: every request reads the database, as an announcement may be
 * missed; on reconnection everything cached before is dropped.
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
      application_name: `percorso-changes-${process.pid}`,
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
      if (message.channel === CHANGES_CHANNEL) runtime.writes.remoteWrite(ANNOUNCED_TABLES);
    });
    try {
      await fresh.connect();
      await fresh.query(`listen ${CHANGES_CHANNEL}`);
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
      if (retry) clearTimeout(retry);
      const old = client;
      client = null;
      await old?.end().catch(() => {});
    },
  };
}
