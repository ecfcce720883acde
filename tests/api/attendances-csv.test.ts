import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AttendanceFileError } from '../../server/src/modules/attendances/csv.js';
import { importAttendanceCsv } from '../../server/src/modules/attendances/csv-import.js';
import { parseCsvTime, parseDuration } from '../../server/src/modules/attendances/csv-times.js';
import { localToIso } from '../../server/src/calendar/time-zone.js';
import { databases, useTestApp, type TestContext } from './helpers.js';

const fixture = (name: string) => resolve(__dirname, '../fixtures/attendances', name);
const run = promisify(execFile);

async function session(ctx: TestContext, start = '2026-06-15T08:00:00.000Z') {
  const row = await ctx.db
    .insertInto('sessions')
    .values({
      name: 'Laboratorio modello di business',
      type: 'meet',
      description: 'Canvas e metriche',
      start_time: start,
      end_time: '2026-06-15T09:00:00.000Z',
      join_instructions: 'Partecipa da Google Meet',
      join_url: 'https://meet.google.com/abc-defg-hij',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rowsOf(ctx: TestContext, sessionId: number) {
  return ctx.db
    .selectFrom('attendances')
    .select(['user_id', 'name', 'email', 'joined_at', 'left_at', 'source'])
    .where('session_id', '=', sessionId)
    .orderBy('joined_at')
    .orderBy('name')
    .execute();
}

async function refused(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AttendanceFileError);
  return (error as AttendanceFileError).problems;
}

describe('CSV time and duration cells', () => {
  it('reads the shapes Meet reports use', () => {
    expect(parseCsvTime('9:58 AM')).toEqual({ kind: 'clock', clock: { hour: 9, minute: 58, second: 0 } });
    expect(parseCsvTime('12:05 PM')).toEqual({ kind: 'clock', clock: { hour: 12, minute: 5, second: 0 } });
    expect(parseCsvTime('12:05 AM')).toEqual({ kind: 'clock', clock: { hour: 0, minute: 5, second: 0 } });
    expect(parseCsvTime('15/06/2026 09:59:10')).toEqual({
      kind: 'local',
      day: { year: 2026, month: 6, day: 15 },
      clock: { hour: 9, minute: 59, second: 10 },
    });
    expect(parseCsvTime('6/15/2026, 9:59 AM')).toMatchObject({ day: { year: 2026, month: 6, day: 15 } });
    expect(parseCsvTime('2026-06-15T07:59:10Z')).toEqual({ kind: 'instant', iso: '2026-06-15T07:59:10.000Z' });
    expect(parseCsvTime('31/02/2026 10:00')).toBeNull();
    expect(parseCsvTime('25:61')).toBeNull();
    expect(parseCsvTime('dopo pranzo')).toBeNull();
    expect(parseDuration('1 hr 2 min')).toBe(3720);
    expect(parseDuration('1 ora e 30 minuti')).toBe(5400);
    expect(parseDuration('45 min')).toBe(2700);
    expect(parseDuration('1:02:00')).toBe(3720);
    expect(parseDuration('molto')).toBeNull();
  });
});

describe.each(databases)('CSV attendance import (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('imports the English report, matching users by e-mail whatever the case', async () => {
    const giulia = await ctx.user({ name: 'Giulia', surname: 'Bianchi', email: 'giulia.bianchi@example.test' });
    const id = await session(ctx);
    const result = await importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('meet-attendance-en.csv') });
    expect(result).toEqual({ saved: 4, matched: 1, removed: 0 });
    expect(await rowsOf(ctx, id)).toEqual([
      {
        user_id: giulia.id,
        name: 'Giulia Bianchi',
        email: 'GIULIA.BIANCHI@example.test',
        joined_at: '2026-06-15T07:58:00.000Z',
        left_at: '2026-06-15T09:00:00.000Z',
        source: 'csv',
      },
      {
        user_id: null,
        name: 'Marco Verdi',
        email: 'marco.verdi@esterno.example',
        joined_at: '2026-06-15T08:05:00.000Z',
        left_at: '2026-06-15T08:50:00.000Z',
        source: 'csv',
      },
      {
        user_id: null,
        name: 'Ospite',
        email: null,
        joined_at: '2026-06-15T08:10:00.000Z',
        left_at: '2026-06-15T08:20:00.000Z',
        source: 'csv',
      },
      {
        user_id: null,
        name: 'Marco Verdi',
        email: 'marco.verdi@esterno.example',
        joined_at: '2026-06-15T08:55:00.000Z',
        left_at: '2026-06-15T09:00:00.000Z',
        source: 'csv',
      },
    ]);

    // The same file again: the same four rows.
    const before = await rowsOf(ctx, id);
    expect(await importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('meet-attendance-en.csv') })).toMatchObject(
      { saved: 4, removed: 0 },
    );
    expect(await rowsOf(ctx, id)).toEqual(before);
  });

  it('imports the Italian report (BOM, CRLF, full dates) and the older "Full Name / Time in Call" one', async () => {
    const it1 = await session(ctx);
    await importAttendanceCsv(ctx.db, {
      sessionId: it1,
      file: fixture('meet-presenze-it.csv'),
      timeZone: 'Europe/Rome',
    });
    expect((await rowsOf(ctx, it1)).map((r) => [r.name, r.email, r.joined_at, r.left_at])).toEqual([
      ['Giulia Bianchi', 'giulia.bianchi@example.test', '2026-06-15T07:59:10.000Z', '2026-06-15T09:29:10.000Z'],
      ["Luca D'Angelo", 'luca.dangelo@esterno.example', '2026-06-15T08:15:00.000Z', '2026-06-15T08:35:00.000Z'],
      ['Sara Neri', null, '2026-06-15T08:40:00.000Z', '2026-06-15T08:45:00.000Z'],
    ]);

    const legacy = await session(ctx);
    await importAttendanceCsv(ctx.db, { sessionId: legacy, file: fixture('meet-attendance-legacy.csv') });
    expect((await rowsOf(ctx, legacy)).map((r) => [r.name, r.joined_at, r.left_at])).toEqual([
      ['Giulia Bianchi', '2026-06-15T07:58:00.000Z', '2026-06-15T09:00:00.000Z'],
      ['Paolo Esposito', '2026-06-15T08:01:30.000Z', '2026-06-15T08:36:30.000Z'],
    ]);
  });

  it('reads times in the zone given', async () => {
    const id = await session(ctx);
    await importAttendanceCsv(ctx.db, {
      sessionId: id,
      file: fixture('meet-attendance-en.csv'),
      timeZone: 'Europe/London',
    });
    expect((await rowsOf(ctx, id))[0].joined_at).toBe('2026-06-15T08:58:00.000Z');
    expect(
      await refused(
        importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('meet-attendance-en.csv'), timeZone: 'Roma' }),
      ),
    ).toEqual(['Fuso orario sconosciuto "Roma" (esempio: Europe/Rome).']);
  });

  it('refuses bad files and imports nothing from them', async () => {
    const id = await session(ctx);
    await importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('meet-presenze-it.csv') });
    const before = await rowsOf(ctx, id);

    expect(
      (await refused(importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('bad-missing-column.csv') })))[0],
    ).toMatch(/Intestazione non trovata.*Time joined/);
    expect(await refused(importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('bad-time.csv') }))).toEqual([
      'Riga 3: ora di ingresso non riconosciuta "dopo pranzo".',
      'Riga 4: ora di uscita non riconosciuta "25:61".',
    ]);
    expect(await refused(importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('empty.csv') }))).toEqual([
      'Il file è vuoto.',
    ]);
    expect(await refused(importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('not-a-csv.png.csv') }))).toEqual([
      'Il file non è un CSV di testo (contiene dati binari).',
    ]);
    expect((await refused(importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('missing.csv') })))[0]).toMatch(
      /^File non trovato: /,
    );
    expect(
      await refused(importAttendanceCsv(ctx.db, { sessionId: 999999, file: fixture('meet-attendance-en.csv') })),
    ).toEqual(['Sessione 999999 non trovata.']);
    expect(await rowsOf(ctx, id)).toEqual(before);
  });

  it('replaces the previous CSV rows with a corrected file', async () => {
    const id = await session(ctx);
    await importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('meet-attendance-en.csv') });
    const dir = mkdtempSync(join(tmpdir(), 'percorso-csv-'));
    const corrected = join(dir, 'corrected.csv');
    writeFileSync(
      corrected,
      'First name,Last name,Email,Duration,Time joined,Time exited\nGiulia,Bianchi,giulia.bianchi@example.test,1 hr 2 min,9:58 AM,11:00 AM\n',
    );
    expect(await importAttendanceCsv(ctx.db, { sessionId: id, file: corrected })).toEqual({
      saved: 1,
      matched: 1,
      removed: 3,
    });
    expect(await rowsOf(ctx, id)).toHaveLength(1);
  });

  it('keeps one source per session: a Google list is replaced only when asked', async () => {
    const id = await session(ctx);
    await ctx.db
      .insertInto('attendances')
      .values({
        session_id: id,
        user_id: null,
        name: 'Da Google',
        email: 'g@startup.example',
        joined_at: '2026-06-15T08:00:00.000Z',
        left_at: '2026-06-15T09:00:00.000Z',
        source: 'google',
        external_key: 'endpoint:1',
      })
      .execute();
    const problems = await refused(
      importAttendanceCsv(ctx.db, { sessionId: id, file: fixture('meet-attendance-en.csv') }),
    );
    expect(problems[0]).toMatch(/già presenze importate \(1 da Google Meet\).*--replace/);
    expect(await rowsOf(ctx, id)).toHaveLength(1);

    await importAttendanceCsv(ctx.db, {
      sessionId: id,
      file: fixture('meet-attendance-en.csv'),
      replaceOtherSources: true,
    });
    const rows = await rowsOf(ctx, id);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['csv']));
  });

  it('runs from the command line (npm run attendances:import)', async () => {
    const id = await session(ctx);
    const database = ctx.config.database;
    const env = {
      ...process.env,
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      LOG_LEVEL: 'silent',
    };
    const cli = ['node_modules/.bin/tsx', 'server/src/cli/attendances-import.ts'];
    const fails = (e: { code: number; stderr: string }) => e;
    const [ok, usage] = await Promise.all([
      run(
        cli[0],
        [cli[1], '--session', String(id), '--file', fixture('meet-attendance-en.csv'), '--timezone', 'Europe/Rome'],
        { env },
      ),
      run(cli[0], [cli[1], '--file', 'x.csv'], { env }).then(() => null, fails),
    ]);
    expect(ok.stdout).toMatch(
      /^Sessione \d+: 4 presenze importate dal file \(\d abbinate a utenti per email, \d senza utente\)\.$/m,
    );
    expect(usage?.code).toBe(2);
    expect(usage?.stderr).toMatch(/--session <id>/);

    const bad = await run(cli[0], [cli[1], '--session', String(id), '--file', fixture('bad-time.csv')], { env }).then(
      () => null,
      fails,
    );
    expect(bad?.code).toBe(1);
    expect(bad?.stderr).toMatch(
      /File rifiutato, nessuna presenza importata:\n- Riga 3: ora di ingresso non riconosciuta "dopo pranzo"/,
    );
    expect(await rowsOf(ctx, id)).toHaveLength(4);
  }, 60_000);
});

describe('local times of an attendance file', () => {
  const at = (day: number, hour: number, minute: number) =>
    localToIso({ year: 2026, month: 10, day, hour, minute, second: 0 }, 'Europe/Rome');

  it('reads a time the clock shows twice (summer time ends) as its first occurrence, as the back-office does', () => {
    expect(at(25, 2, 30)).toBe('2026-10-25T00:30:00.000Z');
    expect(at(25, 1, 59)).toBe('2026-10-24T23:59:00.000Z');
    expect(at(25, 3, 0)).toBe('2026-10-25T02:00:00.000Z');
    expect(at(24, 2, 30)).toBe('2026-10-24T00:30:00.000Z');
    expect(localToIso({ year: 2026, month: 1, day: 15, hour: 2, minute: 30, second: 0 }, 'Europe/Rome')).toBe(
      '2026-01-15T01:30:00.000Z',
    );
  });
});
