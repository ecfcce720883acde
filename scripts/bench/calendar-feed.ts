// One user's calendar feed with 500 sessions, over HTTP on a fresh SQLite database: prints JSON
// with the latencies of repeated GETs of the feed URL (run by scripts/bench/calendar.mjs): the
// first one (no event built yet), then 100 after a warm-up of 10.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';

const SESSIONS = Number(process.env.BENCH_FEED_SESSIONS) || 500;
const RUNS = 100;

const dir = mkdtempSync(join(tmpdir(), 'percorso-bench-calendar-'));
const db = await createDb({ kind: 'sqlite', path: join(dir, 'bench.db') });
try {
  await migrateToLatest(db);
  const user = await db
    .insertInto('users')
    .values({ name: 'Bench', surname: 'Feed', email: 'bench@example.test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const team = await db.insertInto('teams').values({ name: 'Bench team' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: user.id, joined_at: new Date().toISOString() })
    .execute();
  const start = Date.now() - 60 * 24 * 3600_000;
  for (let i = 0; i < SESSIONS; i++) {
    const at = start + i * 6 * 3600_000;
    const row = await db
      .insertInto('sessions')
      .values({
        name: `Sessione ${i + 1}: mentoring, pitch e domande`,
        type: i % 2 ? 'meet' : 'other',
        description:
          'Incontro del programma di incubazione con gli esperti; portate le slide aggiornate.\nSeconda riga.',
        start_time: new Date(at).toISOString(),
        end_time: i % 3 ? new Date(at + 90 * 60_000).toISOString() : null,
        join_instructions: 'Partecipa con Google Meet: https://meet.google.com/abc-defg-hij',
        join_url: i % 2 ? 'https://meet.google.com/abc-defg-hij' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i % 2) await db.insertInto('session_teams').values({ session_id: row.id, team_id: team.id }).execute();
  }
  const config = loadConfig({
    PORT: '3999',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = await issueToken(db, user.id, 3600);
  const me = await (
    await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
  ).json();
  const feedPath = new URL(me.data.calendar_feed_url).pathname;
  const times: number[] = [];
  let first = 0;
  let events = 0;
  for (let i = 0; i < RUNS + 10; i++) {
    const started = performance.now();
    const response = await fetch(base + feedPath);
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`feed answered ${response.status}`);
    if (i === 0) first = elapsed;
    if (i >= 10) times.push(elapsed);
    events = body.split('BEGIN:VEVENT').length - 1;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    JSON.stringify({
      sessions: SESSIONS,
      events,
      runs: RUNS,
      first,
      p50: at(0.5),
      p99: at(0.99),
      max: times[times.length - 1],
    }),
  );
  await app.close();
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
