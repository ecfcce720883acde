import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleAttendanceImporter, type ImportLogger } from '../../server/src/modules/attendances/importer.js';
import { meetingCodeOf } from '../../server/src/modules/attendances/meeting-code.js';
import { REPORTS_SCOPE } from '../../server/src/modules/attendances/google-auth.js';
import { startAttendanceScheduler } from '../../server/src/modules/attendances/scheduler.js';
import { databases, useTestApp, type TestContext } from './helpers.js';
import { callEnded, FakeGoogle, page } from './attendances-google-fake.js';

const quiet: ImportLogger = { info: () => {}, warn: () => {}, error: () => {} };

let codeCounter = 0;
/** A fresh Meet link per test, so scripted answers never mix. */
function meetLink(): { url: string; code: string } {
  const n = String(++codeCounter).padStart(3, '0');
  const url = `https://meet.google.com/abc-d${n.slice(0, 3)}-xyz`.replace(/\d/g, (d) => 'klmnopqrst'[Number(d)]);
  return { url, code: meetingCodeOf(url)! };
}

async function meetSession(ctx: TestContext, start: string, end: string | null, joinUrl: string) {
  const row = await ctx.db
    .insertInto('sessions')
    .values({
      name: 'Mentoring sul pitch',
      type: 'meet',
      description: 'Revisione del pitch con il mentor',
      start_time: start,
      end_time: end,
      join_instructions: 'Partecipa da Google Meet',
      join_url: joinUrl,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rowsOf(ctx: TestContext, sessionId: number) {
  return ctx.db
    .selectFrom('attendances')
    .select(['user_id', 'name', 'email', 'joined_at', 'left_at', 'source', 'external_key'])
    .where('session_id', '=', sessionId)
    .orderBy('joined_at')
    .orderBy('external_key')
    .execute();
}

async function stateOf(ctx: TestContext, sessionId: number) {
  return ctx.db.selectFrom('attendance_imports').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

describe('meeting codes', () => {
  it('turns a Meet link into the code the Reports API logs', () => {
    expect(meetingCodeOf('https://meet.google.com/abc-defg-hij')).toBe('ABCDEFGHIJ');
    expect(meetingCodeOf('https://meet.google.com/abc-defg-hij?authuser=1')).toBe('ABCDEFGHIJ');
    expect(meetingCodeOf('https://zoom.us/j/123')).toBeNull();
    expect(meetingCodeOf('https://meet.google.com/')).toBeNull();
    expect(meetingCodeOf(null)).toBeNull();
  });
});

describe.each(databases)('Google Meet attendance import (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const google = new FakeGoogle();
  let clock = Date.parse('2026-06-15T12:00:00.000Z');
  let importer: GoogleAttendanceImporter;

  beforeAll(async () => {
    await google.start();
    importer = new GoogleAttendanceImporter(ctx.db, google.credentials(), quiet, () => clock);
  });
  afterAll(() => google.stop());

  it('follows nextPageToken, matches users by e-mail and keeps strangers, never duplicating', async () => {
    const giulia = await ctx.user({ name: 'Giulia', surname: 'Bianchi', email: 'giulia.bianchi@example.test' });
    const meet = meetLink();
    const id = await meetSession(ctx, '2026-06-15T08:00:00.000Z', '2026-06-15T09:00:00.000Z', meet.url);
    const page1 = page(
      [
        callEnded(meet.code, {
          email: 'Giulia.Bianchi@EXAMPLE.test',
          name: 'Giulia Bianchi',
          leftAt: '2026-06-15T09:00:05.000Z',
          seconds: 3605,
          endpoint: 'ep-1',
        }),
        callEnded(meet.code, {
          email: 'giulia.bianchi@example.test',
          name: 'Giulia Bianchi',
          leftAt: '2026-06-15T07:59:00.000Z',
          seconds: 60,
          endpoint: 'ep-early',
        }),
      ],
      'page-2',
    );
    const page2 = page([
      callEnded(meet.code, {
        email: 'ospite@startup.example',
        name: 'Ospite Esterno',
        leftAt: '2026-06-15T08:40:00.000Z',
        seconds: 1200,
      }),
      callEnded(meet.code, {
        name: 'Telefono',
        leftAt: '2026-06-15T08:50:00.000Z',
        seconds: 300,
        identifierType: 'phone_number',
      }),
    ]);
    google.script(meet.code, [(token) => (token === 'page-2' ? page2 : page1)]);
    clock = Date.parse('2026-06-15T09:30:00.000Z');

    const outcomes = await importer.runOnce();
    expect(outcomes).toContainEqual(expect.objectContaining({ sessionId: id, status: 'pending', saved: 4 }));
    const requests = google.requestsFor(meet.code);
    expect(requests.map((r) => r.pageToken)).toEqual([null, 'page-2']);
    expect(requests[0].url.searchParams.get('eventName')).toBe('call_ended');
    expect(requests[0].url.searchParams.get('filters')).toBe(`meeting_code==${meet.code}`);
    expect(google.tokenRequests.at(-1)).toEqual({
      sub: 'admin@incubatore.example',
      scope: REPORTS_SCOPE,
      iss: google.clientEmail,
    });

    const rows = await rowsOf(ctx, id);
    expect(rows).toEqual([
      {
        user_id: giulia.id,
        name: 'Giulia Bianchi',
        email: 'giulia.bianchi@example.test',
        joined_at: '2026-06-15T07:58:00.000Z',
        left_at: '2026-06-15T07:59:00.000Z',
        source: 'google',
        external_key: 'endpoint:ep-early',
      },
      {
        user_id: giulia.id,
        name: 'Giulia Bianchi',
        email: 'Giulia.Bianchi@EXAMPLE.test',
        joined_at: '2026-06-15T08:00:00.000Z',
        left_at: '2026-06-15T09:00:05.000Z',
        source: 'google',
        external_key: 'endpoint:ep-1',
      },
      {
        user_id: null,
        name: 'Ospite Esterno',
        email: 'ospite@startup.example',
        joined_at: '2026-06-15T08:20:00.000Z',
        left_at: '2026-06-15T08:40:00.000Z',
        source: 'google',
        external_key: 'ospite@startup.example|2026-06-15T08:20:00.000Z',
      },
      {
        user_id: null,
        name: 'Telefono',
        email: null,
        joined_at: '2026-06-15T08:45:00.000Z',
        left_at: '2026-06-15T08:50:00.000Z',
        source: 'google',
        external_key: 'Telefono|2026-06-15T08:45:00.000Z',
      },
    ]);

    // Refreshes inside the 6-hour window and the final one after it upsert the same rows.
    const tokensBefore = google.tokenRequests.length;
    clock = Date.parse('2026-06-15T10:30:00.000Z');
    expect(await importer.importSession(id)).toMatchObject({ status: 'pending', saved: 4 });
    clock = Date.parse('2026-06-15T15:01:00.000Z');
    expect(await importer.importSession(id)).toMatchObject({ status: 'done', saved: 4 });
    expect(google.requestsFor(meet.code).map((r) => r.pageToken)).toEqual([
      null,
      'page-2',
      null,
      'page-2',
      null,
      'page-2',
    ]);
    expect(await rowsOf(ctx, id)).toEqual(rows);
    expect((await stateOf(ctx, id))?.status).toBe('done');
    // Done sessions are not picked up again; a forced re-run still adds nothing.
    expect((await importer.dueSessions()).map((s) => s.id)).not.toContain(id);
    await importer.importSession(id, { force: true });
    expect(await rowsOf(ctx, id)).toEqual(rows);
    // The access token is cached: no new assertion was exchanged for the later calls.
    expect(google.tokenRequests.length).toBe(tokensBefore);
  });

  it('waits for a report that is not available yet, then imports it', async () => {
    const meet = meetLink();
    const id = await meetSession(ctx, '2026-06-16T08:00:00.000Z', null, meet.url);
    const empty = { body: { kind: 'admin#reports#activities', etag: '"e"' } };
    google.script(meet.code, [
      empty,
      page([
        callEnded(meet.code, {
          email: 'x@startup.example',
          name: 'X',
          leftAt: '2026-06-16T09:55:00.000Z',
          seconds: 600,
        }),
      ]),
    ]);
    // No end_time: the session is taken to end 2 hours after its start.
    clock = Date.parse('2026-06-16T09:59:00.000Z');
    expect((await importer.dueSessions()).map((s) => s.id)).not.toContain(id);
    clock = Date.parse('2026-06-16T10:01:00.000Z');
    expect((await importer.dueSessions()).map((s) => s.id)).toContain(id);

    expect(await importer.importSession(id)).toMatchObject({
      status: 'pending',
      saved: 0,
      nextAttemptAt: '2026-06-16T10:06:00.000Z',
    });
    expect(await rowsOf(ctx, id)).toEqual([]);
    expect(await stateOf(ctx, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: '2026-06-16T10:06:00.000Z',
    });

    clock = Date.parse('2026-06-16T10:03:00.000Z');
    expect((await importer.importSession(id)).status).toBe('skipped');
    expect(google.requestsFor(meet.code)).toHaveLength(1);

    clock = Date.parse('2026-06-16T10:06:00.000Z');
    expect(await importer.importSession(id)).toMatchObject({ status: 'pending', saved: 1 });
    expect(await rowsOf(ctx, id)).toHaveLength(1);
    expect((await stateOf(ctx, id))?.attempts).toBe(2);
  });

  it('gives up 6 hours after the end and records why', async () => {
    const meet = meetLink();
    const id = await meetSession(ctx, '2026-06-17T08:00:00.000Z', '2026-06-17T09:00:00.000Z', meet.url);
    google.script(meet.code, [{ body: { kind: 'admin#reports#activities', etag: '"e"' } }]);
    clock = Date.parse('2026-06-17T14:00:00.000Z');
    expect((await importer.importSession(id)).status).toBe('pending');
    clock = Date.parse('2026-06-17T15:00:00.000Z');
    const outcome = await importer.importSession(id);
    expect(outcome).toMatchObject({ status: 'failed' });
    const state = await stateOf(ctx, id);
    expect(state).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    expect(state?.last_error).toMatch(/entro 6 ore/);
    expect((await importer.dueSessions()).map((s) => s.id)).not.toContain(id);
  });

  it('retries after a server error and records a refusal (403) without retrying', async () => {
    const retry = meetLink();
    const refused = meetLink();
    const a = await meetSession(ctx, '2026-06-18T08:00:00.000Z', '2026-06-18T09:00:00.000Z', retry.url);
    const b = await meetSession(ctx, '2026-06-18T08:00:00.000Z', '2026-06-18T09:00:00.000Z', refused.url);
    google.script(retry.code, [
      { status: 500, body: { error: { code: 500, message: 'Internal error encountered.' } } },
      page([
        callEnded(retry.code, {
          email: 'y@startup.example',
          name: 'Y',
          leftAt: '2026-06-18T08:59:00.000Z',
          seconds: 3000,
        }),
      ]),
    ]);
    google.script(refused.code, [
      {
        status: 403,
        body: { error: { code: 403, message: 'Caller does not have access to the customers reporting data.' } },
      },
    ]);
    clock = Date.parse('2026-06-18T09:10:00.000Z');
    const first = await importer.importSession(a);
    expect(first).toMatchObject({ status: 'pending', saved: 0 });
    expect((await stateOf(ctx, a))?.last_error).toMatch(/500 Internal error encountered/);

    const denied = await importer.importSession(b);
    expect(denied).toMatchObject({ status: 'failed' });
    expect((await stateOf(ctx, b))?.last_error).toMatch(/403 Caller does not have access/);

    clock = Date.parse('2026-06-18T09:20:00.000Z');
    expect(await importer.importSession(a)).toMatchObject({ status: 'pending', saved: 1 });
    expect(await importer.importSession(b)).toMatchObject({ status: 'skipped' });
    expect(google.requestsFor(refused.code)).toHaveLength(1);
  });

  it('honours Retry-After on 429', async () => {
    const meet = meetLink();
    const id = await meetSession(ctx, '2026-06-19T08:00:00.000Z', '2026-06-19T09:00:00.000Z', meet.url);
    google.script(meet.code, [
      { status: 429, headers: { 'retry-after': '3600' }, body: { error: { code: 429, message: 'Quota exceeded' } } },
      page([
        callEnded(meet.code, {
          email: 'z@startup.example',
          name: 'Z',
          leftAt: '2026-06-19T08:30:00.000Z',
          seconds: 1800,
        }),
      ]),
    ]);
    clock = Date.parse('2026-06-19T09:10:00.000Z');
    expect(await importer.importSession(id)).toMatchObject({
      status: 'pending',
      nextAttemptAt: '2026-06-19T10:10:00.000Z',
    });
    clock = Date.parse('2026-06-19T09:40:00.000Z');
    expect((await importer.dueSessions()).map((s) => s.id)).not.toContain(id);
    expect(await importer.importSession(id)).toMatchObject({ status: 'skipped' });
    clock = Date.parse('2026-06-19T10:10:00.000Z');
    expect(await importer.importSession(id)).toMatchObject({ status: 'pending', saved: 1 });
    expect(google.requestsFor(meet.code)).toHaveLength(2);
  });

  it('keeps a session pending while Google refuses the credentials, and logs it as an error', async () => {
    const meet = meetLink();
    const id = await meetSession(ctx, '2026-06-21T08:00:00.000Z', '2026-06-21T09:00:00.000Z', meet.url);
    const errors: unknown[] = [];
    const wrongKey = new FakeGoogle().privateKeyPem;
    const misconfigured = new GoogleAttendanceImporter(
      ctx.db,
      { ...google.credentials(), privateKey: wrongKey },
      { ...quiet, error: (obj) => errors.push(obj) },
      () => clock,
    );
    clock = Date.parse('2026-06-21T09:10:00.000Z');
    expect(await misconfigured.importSession(id)).toMatchObject({ status: 'pending' });
    expect((await stateOf(ctx, id))?.last_error).toMatch(/Token Google rifiutato: 400 invalid_grant/);
    expect(errors).toHaveLength(1);
    expect(google.requestsFor(meet.code)).toHaveLength(0);
  });

  it('leaves a session alone when its list came from a CSV file', async () => {
    const meet = meetLink();
    const id = await meetSession(ctx, '2026-06-20T08:00:00.000Z', '2026-06-20T09:00:00.000Z', meet.url);
    await ctx.db
      .insertInto('attendances')
      .values({
        session_id: id,
        user_id: null,
        name: 'Da CSV',
        email: null,
        joined_at: null,
        left_at: null,
        source: 'csv',
        external_key: 'k',
      })
      .execute();
    clock = Date.parse('2026-06-20T09:10:00.000Z');
    expect(await importer.importSession(id)).toMatchObject({ status: 'done', saved: 0 });
    expect(google.requestsFor(meet.code)).toHaveLength(0);
  });

  it('stays off without credentials and says so once', async () => {
    expect(ctx.app.attendanceImporter).toBeNull();
    const messages: unknown[] = [];
    const original = ctx.app.log.info.bind(ctx.app.log);
    ctx.app.log.info = ((...args: unknown[]) => {
      messages.push(args);
      return original(...(args as [string]));
    }) as typeof ctx.app.log.info;
    expect(startAttendanceScheduler(ctx.app)).toBe(false);
    expect(startAttendanceScheduler(ctx.app)).toBe(false);
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0])).toMatch(/attendance import is off/);
  });
});

describe.each(databases)('attendance schedule with credentials (%s)', (kind) => {
  const fake = new FakeGoogle();
  const ctx = useTestApp(kind, {
    GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify({
      client_email: fake.clientEmail,
      private_key: fake.privateKeyPem,
      token_uri: 'http://127.0.0.1:3718/token',
    }),
    GOOGLE_ADMIN_SUBJECT: 'admin@incubatore.example',
    GOOGLE_REPORTS_BASE_URL: 'http://127.0.0.1:3718',
  });

  it('is built from the configuration, starts once and stops with the app', async () => {
    expect(ctx.app.attendanceImporter).toBeInstanceOf(GoogleAttendanceImporter);
    expect(startAttendanceScheduler(ctx.app)).toBe(true);
    expect(startAttendanceScheduler(ctx.app)).toBe(true);
    // Nothing has ended yet in this database: the first run finds no work and asks Google nothing.
    expect(await ctx.app.attendanceImporter!.runOnce()).toEqual([]);
  });
});
