import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, type TestContext } from './helpers.js';

let giuliaCounter = 0;

async function sessionWithAttendances(ctx: TestContext) {
  const email = `giulia.bianchi.${++giuliaCounter}@example.test`;
  const giulia = { ...(await ctx.user({ name: 'Giulia', surname: 'Bianchi', email })), email };
  const session = await ctx.db
    .insertInto('sessions')
    .values({
      name: 'Pitch day',
      type: 'meet',
      description: 'Presentazioni finali',
      start_time: '2026-01-10T08:00:00.000Z',
      end_time: '2026-01-10T10:00:00.000Z',
      join_instructions: 'Partecipa da Google Meet',
      join_url: 'https://meet.google.com/abc-defg-hij',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = { session_id: session.id, source: 'google' };
  await ctx.db
    .insertInto('attendances')
    .values([
      // Winter (CET, UTC+1) and summer-like stored times; the matched user's own name and e-mail win.
      {
        ...base,
        user_id: giulia.id,
        name: 'giulia b.',
        email: email.toUpperCase(),
        joined_at: '2026-01-10T07:58:00.000Z',
        left_at: '2026-01-10T10:00:05.000Z',
        external_key: 'a',
      },
      {
        ...base,
        user_id: null,
        name: 'Ospite Esterno',
        email: 'ospite@startup.example',
        joined_at: '2026-01-10T08:20:00.000Z',
        left_at: '2026-01-10T08:40:00.000Z',
        external_key: 'b',
      },
      {
        ...base,
        user_id: null,
        name: null,
        email: null,
        joined_at: '2026-01-10T08:30:00.000Z',
        left_at: null,
        external_key: 'c',
      },
      { ...base, user_id: null, name: 'Telefono', email: null, joined_at: null, left_at: null, external_key: 'd' },
    ])
    .execute();
  return { sessionId: session.id, giulia };
}

describe.each(databases)('session attendances: list and attendances_logs.xlsx (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('downloads one row per attendance, with Rome times and the fallbacks', async () => {
    const { sessionId, giulia } = await sessionWithAttendances(ctx);
    const reader = await ctx.user({}, ['read_sessions']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}/attendances/excel`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendances_logs.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ['Nome', 'Email', 'Ingresso', 'Uscita'],
      ['Giulia Bianchi', giulia.email, '10/01/2026 08:58:00', '10/01/2026 11:00:05'],
      ['Ospite Esterno', 'ospite@startup.example', '10/01/2026 09:20:00', '10/01/2026 09:40:00'],
      ['Utente non trovato', 'Nessuna email fornita', '10/01/2026 09:30:00', 'Non disponibile'],
      ['Telefono', 'Nessuna email fornita', 'Non disponibile', 'Non disponibile'],
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    for (let c = 1; c <= 4; c++) {
      const width = sheet.getColumn(c).width ?? 0;
      const longest = Math.max(...values.map((row) => String(row[c - 1]).length));
      expect(width).toBeGreaterThanOrEqual(longest);
      expect(width).toBeLessThanOrEqual(60);
    }

    // The sheet holds exactly the database's rows.
    const stored = await ctx.db.selectFrom('attendances').select('id').where('session_id', '=', sessionId).execute();
    expect(values.length - 1).toBe(stored.length);
  });

  it('lists the attendances as JSON with UTC SQL times', async () => {
    const { sessionId, giulia } = await sessionWithAttendances(ctx);
    const reader = await ctx.user({}, ['read_sessions']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}/attendances`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.import).toBeNull();
    expect(body.data.map((a: Record<string, unknown>) => [a.user_id, a.name, a.email, a.joined_at, a.left_at])).toEqual(
      [
        [giulia.id, 'Giulia Bianchi', giulia.email, '2026-01-10 07:58:00', '2026-01-10 10:00:05'],
        [null, 'Ospite Esterno', 'ospite@startup.example', '2026-01-10 08:20:00', '2026-01-10 08:40:00'],
        [null, null, null, '2026-01-10 08:30:00', null],
        [null, 'Telefono', null, null, null],
      ],
    );
  });

  it('answers an empty sheet for a session without attendances, 404 for a missing session', async () => {
    const reader = await ctx.user({}, ['read_sessions']);
    const session = await ctx.db
      .insertInto('sessions')
      .values({
        name: 'Futura',
        type: 'other',
        description: 'x',
        start_time: '2030-01-01T08:00:00.000Z',
        end_time: null,
        join_instructions: 'In sede',
        join_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await ctx.app.inject({
      method: 'GET',
      url: `/api/sessions/${session.id}/attendances/excel`,
      headers: reader.headers,
    });
    expect(empty.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(1);

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/999999/attendances/excel',
      headers: reader.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Sessione non trovata.');
    const missingList = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions/999999/attendances',
      headers: reader.headers,
    });
    expect(missingList.statusCode).toBe(404);
  });

  it('needs a token and read_sessions ("developer" passes)', async () => {
    const { sessionId } = await sessionWithAttendances(ctx);
    const url = `/api/sessions/${sessionId}/attendances/excel`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const nobody = await ctx.user({}, []);
    expect((await ctx.app.inject({ method: 'GET', url, headers: nobody.headers })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/attendances`, headers: nobody.headers }))
        .statusCode,
    ).toBe(403);
    const developer = await ctx.user({}, ['developer']);
    expect((await ctx.app.inject({ method: 'GET', url, headers: developer.headers })).statusCode).toBe(200);
  });
});
