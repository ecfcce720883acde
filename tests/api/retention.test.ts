import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databases, isolatedDb, useTestApp } from './helpers.js';
import { makeSession } from './backoffice-fixtures.js';
import { buildApp, type App } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { recordAudit } from '../../server/src/modules/audit/repository.js';
import { hashToken, issueToken } from '../../server/src/auth/tokens.js';
import { startLeadership } from '../../server/src/infra/leadership.js';
import { RETENTION_JOBS, runRetentionJob, startRetention, stopRetention } from '../../server/src/plugins/retention.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The periods of these tests: each differs from its default, so the setting is what is read. */
const PERIODS = {
  AUDIT_RETENTION_DAYS: '100',
  ATTENDANCE_IDENTITY_RETENTION_DAYS: '30',
  ACCESSIBILITY_REPORT_RETENTION_DAYS: '60',
  EXPIRED_TOKEN_RETENTION_HOURS: '2',
  SIGN_IN_REQUEST_RETENTION_MINUTES: '7',
};

const job = (name: string) => RETENTION_JOBS.find((j) => j.name === name)!;
const iso = (ms: number) => new Date(ms).toISOString();

describe('retention settings', () => {
  it('reads each period with its default, and refuses values out of range', () => {
    const base = {};
    expect(loadConfig(base).auditRetentionDays).toBe(730);
    expect(loadConfig(base).retention).toEqual({
      attendanceIdentityDays: 365,
      accessibilityReportDays: 365,
      expiredTokenHours: 0,
      signInRequestMinutes: 10,
    });
    expect(loadConfig({ ...base, ...PERIODS }).retention).toEqual({
      attendanceIdentityDays: 30,
      accessibilityReportDays: 60,
      expiredTokenHours: 2,
      signInRequestMinutes: 7,
    });
    for (const [key, value] of [
      ['ATTENDANCE_IDENTITY_RETENTION_DAYS', '0'],
      ['ATTENDANCE_IDENTITY_RETENTION_DAYS', 'un anno'],
      // A report must outlive the 30 days within which it is answered.
      ['ACCESSIBILITY_REPORT_RETENTION_DAYS', '29'],
      ['EXPIRED_TOKEN_RETENTION_HOURS', '-1'],
      ['EXPIRED_TOKEN_RETENTION_HOURS', '1.5'],
      ['SIGN_IN_REQUEST_RETENTION_MINUTES', '4'],
      ['SIGN_IN_REQUEST_RETENTION_MINUTES', '61'],
    ]) {
      expect(() => loadConfig({ ...base, [key]: value }), `${key}=${value}`).toThrow(
        new RegExp(`${key} must be an integer between`),
      );
    }
  });
});

describe.each(databases)('retention jobs (%s)', (kind) => {
  const ctx = useTestApp(kind, PERIODS);
  const realNow = () => Date.now();
  /** The app's clock, set to a fixed instant that the rows below are placed around. */
  const setClock = (ms: number) => {
    ctx.app.now = () => ms;
  };

  afterEach(async () => {
    await stopRetention(ctx.app);
    ctx.app.now = realNow;
    vi.useRealTimers();
  });

  it('purges the audit records older than AUDIT_RETENTION_DAYS and keeps the younger ones', async () => {
    await ctx.db.deleteFrom('audit_log').execute();
    const t = realNow();
    const write = (at: number, entityId: number) =>
      recordAudit(ctx.db, iso(at), { actorId: null, action: 'update', entityType: 'team', entityId, changes: {} });
    await write(t - 100 * DAY - MINUTE, 1);
    await write(t - 100 * DAY + MINUTE, 2);
    await write(t - DAY, 3);
    const left = async () =>
      (await ctx.db.selectFrom('audit_log').select('entity_id').orderBy('entity_id').execute()).map((r) => r.entity_id);

    setClock(t);
    expect(await runRetentionJob(ctx.app, job('audit'))).toEqual({ audit_records: 1 });
    expect(await left()).toEqual([2, 3]);
    // Two minutes later the second one is past the period too.
    setClock(t + 2 * MINUTE);
    expect(await runRetentionJob(ctx.app, job('audit'))).toEqual({ audit_records: 1 });
    expect(await left()).toEqual([3]);
  });

  it('removes the raw name and e-mail of attendances older than ATTENDANCE_IDENTITY_RETENTION_DAYS, keeping the minutes and the matched user', async () => {
    const t = realNow();
    const person = await ctx.user({ name: 'Giulia', surname: 'Bianchi' });
    const at = (start: number, minutes: number) => iso(start + minutes * MINUTE);
    const session = (start: number) =>
      makeSession(ctx.db, { type: 'other', start_time: iso(start), end_time: at(start, 120) });
    const oldStart = t - 30 * DAY - MINUTE;
    const youngStart = t - 30 * DAY + MINUTE;
    const old = await session(oldStart);
    const young = await session(youngStart);
    const rowsOf = (sessionId: number, start: number) => [
      {
        session_id: sessionId,
        user_id: person.id,
        name: 'Giulia B.',
        email: 'giulia.privata@example.test',
        joined_at: at(start, 0),
        left_at: at(start, 45),
        source: 'csv',
        external_key: `a-matched-${sessionId}`,
      },
      // Two guests with no account, in the session at the same time.
      {
        session_id: sessionId,
        user_id: null,
        name: 'Ospite Sconosciuto',
        email: 'ospite@example.test',
        joined_at: at(start, 5),
        left_at: at(start, 35),
        source: 'csv',
        external_key: `b-guest-${sessionId}`,
      },
      {
        session_id: sessionId,
        user_id: null,
        name: 'Altra Ospite',
        email: 'altra@example.test',
        joined_at: at(start, 10),
        left_at: at(start, 50),
        source: 'csv',
        external_key: `c-guest-${sessionId}`,
      },
    ];
    await ctx.db
      .insertInto('attendances')
      .values([...rowsOf(old, oldStart), ...rowsOf(young, youngStart)])
      .execute();
    const stored = (sessionId: number) =>
      ctx.db
        .selectFrom('attendances')
        .select(['user_id', 'name', 'email', 'joined_at', 'left_at'])
        .where('session_id', '=', sessionId)
        .orderBy('external_key')
        .execute();
    const oldBefore = await stored(old);
    const youngBefore = await stored(young);
    setClock(t);
    const staff = await ctx.user({}, ['read_sessions', 'read_reports']);
    const day = (ms: number) => iso(ms).slice(0, 10);
    type Unmatched = { session_id: number; name: string | null; email: string | null; minutes_attended: number };
    const unmatched = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/participation?from=${day(oldStart - DAY)}&to=${day(oldStart + DAY)}`,
        headers: staff.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().meta.unmatched as Unmatched[])
        .filter((u) => u.session_id === old)
        .map((u) => [u.name, u.email, u.minutes_attended])
        .sort((a, b) => Number(a[2]) - Number(b[2]));
    };
    expect(await unmatched()).toEqual([
      ['Ospite Sconosciuto', 'ospite@example.test', 30],
      ['Altra Ospite', 'altra@example.test', 40],
    ]);

    expect(await runRetentionJob(ctx.app, job('attendance-identities'))).toEqual({ attendances: 3 });
    expect(await stored(old)).toEqual(oldBefore.map((row) => ({ ...row, name: null, email: null })));
    expect(await stored(young)).toEqual(youngBefore);

    // The report keeps every guest's minutes, with no name or e-mail.
    expect(await unmatched()).toEqual([
      [null, null, 30],
      [null, null, 40],
    ]);
    // Staff still see who the matched person was (their account) and how long each one stayed.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/sessions/${old}/attendances`,
      headers: staff.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { name: string | null; user_id: number | null }) => [r.user_id, r.name])).toEqual([
      [person.id, 'Giulia Bianchi'],
      [null, null],
      [null, null],
    ]);
    expect(JSON.stringify(list.json())).not.toMatch(/Ospite|ospite@|altra@|giulia\.privata/);

    // A second run finds nothing left to remove.
    expect(await runRetentionJob(ctx.app, job('attendance-identities'))).toEqual({ attendances: 0 });
  });

  it('deletes the accessibility reports last changed more than ACCESSIBILITY_REPORT_RETENTION_DAYS ago', async () => {
    const t = realNow();
    await ctx.db.deleteFrom('accessibility_reports').execute();
    const file = async (createdAt: number, description: string) => {
      setClock(createdAt);
      const reporter = await ctx.user();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/accessibility-reports',
        headers: reporter.headers,
        payload: { description },
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as number;
    };
    await file(t - 60 * DAY - MINUTE, 'Vecchia e dimenticata');
    await file(t - 60 * DAY + MINUTE, 'Giovane');
    const worked = await file(t - 200 * DAY, 'Vecchia ma lavorata di recente');
    // A state change is a change: the period starts again from it.
    setClock(t - 10 * DAY);
    const staff = await ctx.user({}, ['read_accessibility_reports', 'update_accessibility_reports']);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/accessibility-reports/${worked}`,
      headers: staff.headers,
      payload: { state: 'resolved' },
    });
    expect(moved.statusCode).toBe(200);

    setClock(t);
    expect(await runRetentionJob(ctx.app, job('accessibility-reports'))).toEqual({ accessibility_reports: 1 });
    const left = await ctx.db.selectFrom('accessibility_reports').select('description').orderBy('id').execute();
    expect(left.map((r) => r.description)).toEqual(['Giovane', 'Vecchia ma lavorata di recente']);
  });

  it('purges expired tokens past EXPIRED_TOKEN_RETENTION_HOURS, sign-ins older than SIGN_IN_REQUEST_RETENTION_MINUTES and day-old used codes', async () => {
    const t = realNow();
    await ctx.db.deleteFrom('access_tokens').execute();
    await ctx.db.deleteFrom('sign_in_requests').execute();
    await ctx.db.deleteFrom('used_auth_codes').execute();
    const person = await ctx.user();
    await ctx.db.deleteFrom('access_tokens').execute();
    // Each token is valid for one hour from its issue.
    const issue = (expiresAt: number) => issueToken(ctx.db, person.id, 3600, new Date(expiresAt - HOUR), 'id-token');
    const gone = await issue(t - 2 * HOUR - MINUTE);
    const expiredKept = await issue(t - 2 * HOUR + MINUTE);
    const valid = await issue(t + 30 * MINUTE);
    const pending = (state: string, createdAt: number) => ({
      state_hash: hashToken(state),
      code_verifier: 'v',
      nonce: 'n',
      created_at: iso(createdAt),
    });
    await ctx.db
      .insertInto('sign_in_requests')
      .values([pending('old', t - 7 * MINUTE - 1000), pending('recent', t - 7 * MINUTE + 1000)])
      .execute();
    await ctx.db
      .insertInto('used_auth_codes')
      .values([
        { code_hash: hashToken('old-code'), used_at: iso(t - DAY - MINUTE) },
        { code_hash: hashToken('recent-code'), used_at: iso(t - DAY + MINUTE) },
      ])
      .execute();

    setClock(t);
    expect(await runRetentionJob(ctx.app, job('sign-ins'))).toEqual({
      access_tokens: 1,
      sign_in_requests: 1,
      used_auth_codes: 1,
    });
    const tokens = await ctx.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(tokens.map((r) => r.token_hash).sort()).toEqual([hashToken(expiredKept), hashToken(valid)].sort());
    expect(tokens).not.toContainEqual({ token_hash: hashToken(gone) });
    expect(await ctx.db.selectFrom('sign_in_requests').select('state_hash').execute()).toEqual([
      { state_hash: hashToken('recent') },
    ]);
    expect(await ctx.db.selectFrom('used_auth_codes').select('code_hash').execute()).toEqual([
      { code_hash: hashToken('recent-code') },
    ]);
  });

  it('runs the token purge every hour and the other jobs once a day', async () => {
    const t = realNow();
    await ctx.db.deleteFrom('access_tokens').execute();
    await ctx.db.deleteFrom('audit_log').execute();
    await ctx.db.deleteFrom('used_auth_codes').execute();
    const person = await ctx.user();
    await ctx.db.deleteFrom('access_tokens').execute();
    // Expires in ten minutes: past EXPIRED_TOKEN_RETENTION_HOURS (2) from t + 2 h 10 min.
    const token = await issueToken(ctx.db, person.id, 10 * 60, new Date(t));
    // Younger than AUDIT_RETENTION_DAYS (100) at t, older from t + 1 h.
    const write = (at: number, entityId: number) =>
      recordAudit(ctx.db, iso(at), { actorId: null, action: 'update', entityType: 'team', entityId, changes: {} });
    await write(t - 100 * DAY + HOUR, 1);
    // Past their periods already: gone once the first runs are over.
    await write(t - 101 * DAY, 2);
    await ctx.db
      .insertInto('used_auth_codes')
      .values({ code_hash: hashToken('old-code'), used_at: iso(t - 2 * DAY) })
      .execute();
    const tokens = async () => (await ctx.db.selectFrom('access_tokens').select('token_hash').execute()).length;
    const audits = async () =>
      (await ctx.db.selectFrom('audit_log').select('entity_id').execute()).map((r) => r.entity_id);
    const codes = async () => (await ctx.db.selectFrom('used_auth_codes').select('code_hash').execute()).length;

    // Only the schedule's intervals are faked: the database and the polls keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setClock(t);
    startRetention(ctx.app);
    // Every job runs once at the start.
    await expect.poll(audits).toEqual([1]);
    await expect.poll(codes).toBe(0);
    expect(await tokens()).toBe(1);

    // Three hours later, the hourly run purges the expired token; the daily one has not run again
    // (it would have purged the first audit record).
    setClock(t + 3 * HOUR);
    await vi.advanceTimersByTimeAsync(HOUR);
    await expect.poll(tokens).toBe(0);
    expect(await audits()).toEqual([1]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(await audits()).toEqual([1]);

    // A day after the start, the daily run purges it.
    await vi.advanceTimersByTimeAsync(22 * HOUR);
    await expect.poll(audits).toEqual([]);
    expect(token).toBeTruthy();
  });

  it('answers null for a failed run, which the next run tries again', async () => {
    let calls = 0;
    const flaky = {
      name: 'flaky',
      everyMs: HOUR,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database unavailable');
        return { rows: 2 };
      },
    };
    expect(await runRetentionJob(ctx.app, flaky)).toBeNull();
    expect(await runRetentionJob(ctx.app, flaky)).toEqual({ rows: 2 });
  });

  it('refuses a sign-in that comes back after SIGN_IN_REQUEST_RETENTION_MINUTES', async () => {
    const t = realNow();
    setClock(t);
    const finish = vi.spyOn(ctx.app.oidc, 'finishSignIn').mockRejectedValue(new Error('provider unreachable'));
    const callback = async (state: string, startedAgo: number) => {
      await ctx.db
        .insertInto('sign_in_requests')
        .values({ state_hash: hashToken(state), code_verifier: 'v', nonce: 'n', created_at: iso(t - startedAgo) })
        .execute();
      return ctx.app.inject({
        method: 'POST',
        url: '/api/auth/callback',
        payload: { code: `code-${state}`, state },
      });
    };
    const late = await callback('late-state', 7 * MINUTE + 1000);
    expect(late.statusCode).toBe(422);
    expect(late.json().reason).toBe('expired');
    expect(finish).not.toHaveBeenCalled();
    // Within the period the provider is asked (and here it does not answer).
    const inTime = await callback('in-time-state', 7 * MINUTE - 1000);
    expect(inTime.statusCode).toBe(503);
    expect(finish).toHaveBeenCalledTimes(1);
    finish.mockRestore();
  });
});

/** A Writable collecting the JSON log lines of an app. */
function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe.each(databases)('retention across two processes on one database (%s)', (kind) => {
  it('runs each job in one of them only; the other takes the jobs over when the first stops', async () => {
    const { db: setupDb, url } = await isolatedDb(kind);
    await migrateToLatest(setupDb);
    const t = Date.now();
    await recordAudit(setupDb, iso(t - 800 * DAY), {
      actorId: null,
      action: 'update',
      entityType: 'team',
      entityId: 1,
      changes: {},
    });
    const config = loadConfig({
      DATABASE_URL: url,
      LOG_LEVEL: 'debug',
      STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
    });
    const instances: Array<{ app: App; db: Db; lines: Array<Record<string, unknown>> }> = [];
    for (let i = 0; i < 2; i++) {
      const db = await createDb(config.database);
      const sink = logSink();
      const app = await buildApp({ config, db, logger: { level: 'debug', stream: sink.stream } });
      await app.ready();
      instances.push({ app, db, lines: sink.lines });
    }
    // SQLite: the cluster's first worker runs the jobs. PostgreSQL: both ask for the lock as the first.
    const leaderships = instances.map(({ app }, i) =>
      startLeadership({
        database: config.database,
        workerIndex: kind === 'sqlite' ? i : 0,
        log: app.log,
        retryMs: 50,
        queryTimeoutMs: 5_000,
        onLead: () => startRetention(app),
        onLose: () => stopRetention(app),
      }),
    );
    const runsOf = (index: number) =>
      instances[index]!.lines.filter((line) => line.msg === 'retention job ran').map((line) => line.job as string);
    try {
      await expect.poll(() => leaderships.filter((l) => l.leading).length).toBe(1);
      const leader = leaderships[0]!.leading ? 0 : 1;
      const other = 1 - leader;
      await expect.poll(() => runsOf(leader).length).toBe(RETENTION_JOBS.length);
      expect(await setupDb.selectFrom('audit_log').select('id').execute()).toEqual([]);
      // The other keeps asking for the lock (every 50 ms) and never gets it while the first holds it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(runsOf(leader).sort()).toEqual(RETENTION_JOBS.map((j) => j.name).sort());
      expect(runsOf(other)).toEqual([]);
      expect(leaderships[other]!.leading).toBe(false);

      // The first stops (a deploy, a crash): the other takes the jobs over and runs them at once.
      await leaderships[leader]!.stop();
      if (kind === 'postgres') {
        await expect.poll(() => leaderships[other]!.leading).toBe(true);
        await expect.poll(() => runsOf(other).length).toBe(RETENTION_JOBS.length);
      } else {
        // SQLite runs on one machine: only the first worker (or its replacement) ever runs them.
        expect(leaderships[other]!.leading).toBe(false);
      }
      expect(runsOf(leader)).toHaveLength(RETENTION_JOBS.length);
    } finally {
      for (const leadership of leaderships) await leadership.stop();
      for (const { app, db } of instances) {
        await app.close();
        await db.destroy();
      }
      await setupDb.destroy();
    }
  });
});
