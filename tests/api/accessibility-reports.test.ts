import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { migrations } from '../../server/src/db/migrations/index.js';
import { demoRoles } from '../../server/src/seed/roles.js';
import { VISITOR_REPORTS_PER_HOUR } from '../../server/src/modules/accessibility-reports/routes.js';

describe.each(databases)('accessibility reports API (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, headers, payload });

  it('lets anyone signed in send a report, stored with their name, e-mail and a 30-day answer date', async () => {
    const reporter = await ctx.user({ name: 'Lucia', surname: 'Verdi' });
    const res = await send('POST', '/api/accessibility-reports', reporter.headers, {
      description: '  Il lettore video non ha un nome.  ',
      page_url: '/courses/1/modules/2/lessons/3',
    });
    expect(res.statusCode).toBe(201);
    const report = res.json().data;
    expect(report).toMatchObject({
      user_id: reporter.id,
      reporter_name: 'Lucia Verdi',
      description: 'Il lettore video non ha un nome.',
      page_url: '/courses/1/modules/2/lessons/3',
      state: 'new',
    });
    expect(report.reporter_email).toMatch(/@example\.test$/);
    expect(Date.parse(report.answer_by) - Date.parse(report.created_at)).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('lets a visitor who is not signed in send a report, with a name and an e-mail to be answered at', async () => {
    const visitor = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/accessibility-reports', payload, remoteAddress: '198.51.100.7' });
    const missing = await visitor({ description: 'Il pulsante Accedi non si raggiunge con la tastiera.' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name[0]).toBe('Il campo nome è obbligatorio.');
    expect(missing.json().errors.email[0]).toMatch(/^Il campo email è obbligatorio/);
    const invalid = await visitor({ description: 'x', name: 'Anna', email: 'anna@' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.email[0]).toBe('Il campo email deve essere un indirizzo email valido.');
    expect(invalid.json().errors.name).toBeUndefined();
    // Nothing that would add to the staff's mailto link.
    const crafted = await visitor({ description: 'x', name: 'Anna', email: 'anna@example.org?cc=altri@example.org' });
    expect(crafted.json().errors.email[0]).toBe('Il campo email deve essere un indirizzo email valido.');

    const res = await visitor({
      description: '  Il pulsante Accedi non si raggiunge con la tastiera. ',
      name: ' Anna Neri ',
      email: 'anna.neri@example.org',
      page_url: '/',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      user_id: null,
      reporter_name: 'Anna Neri',
      reporter_email: 'anna.neri@example.org',
      description: 'Il pulsante Accedi non si raggiunge con la tastiera.',
      page_url: '/',
      state: 'new',
    });
    const staff = await ctx.user({}, ['read_accessibility_reports']);
    const stored = await send('GET', `/api/accessibility-reports/${res.json().data.id}`, staff.headers);
    expect(stored.json().data.reporter_email).toBe('anna.neri@example.org');

    // A token that is not valid is refused, never taken for a visitor (whose name it would lack).
    const stale = await send(
      'POST',
      '/api/accessibility-reports',
      { authorization: 'Bearer not-a-token' },
      { description: 'x', name: 'A', email: 'a@example.org' },
    );
    expect(stale.statusCode).toBe(401);
  });

  it("limits a visitor's reports per address and hour, and not a signed-in user's", async () => {
    const payload = { description: 'Contrasto insufficiente.', name: 'Paolo', email: 'paolo@example.org' };
    const from = (remoteAddress: string, headers?: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/accessibility-reports', payload, headers, remoteAddress });
    for (let i = 0; i < VISITOR_REPORTS_PER_HOUR; i++) expect((await from('203.0.113.9')).statusCode).toBe(201);
    const refused = await from('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/richieste/i);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.10')).statusCode).toBe(201);
    const member = await ctx.user();
    expect((await from('203.0.113.9', member.headers)).statusCode).toBe(201);
  });

  it('answers 422 with Italian field errors for an empty or too long description', async () => {
    const reporter = await ctx.user();
    const empty = await send('POST', '/api/accessibility-reports', reporter.headers, { description: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.description[0]).toMatch(/obbligatorio/);
    const long = await send('POST', '/api/accessibility-reports', reporter.headers, { description: 'a'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.description[0]).toMatch(/5000 caratteri/);
    const url = await send('POST', '/api/accessibility-reports', reporter.headers, {
      description: 'ok',
      page_url: `/${'p'.repeat(1100)}`,
    });
    expect(url.statusCode).toBe(422);
    expect(url.json().errors.page_url).toHaveLength(1);
  });

  it('lists reports for read_accessibility_reports only, newest first, filtered by state', async () => {
    const reporter = await ctx.user();
    await send('POST', '/api/accessibility-reports', reporter.headers, { description: 'Primo' });
    await send('POST', '/api/accessibility-reports', reporter.headers, { description: 'Secondo' });
    expect((await send('GET', '/api/accessibility-reports', reporter.headers)).statusCode).toBe(403);
    expect(
      (await send('GET', '/api/accessibility-reports', (await ctx.user({}, ['read_users'])).headers)).statusCode,
    ).toBe(403);
    const staff = await ctx.user({}, ['read_accessibility_reports']);
    const list = await send('GET', '/api/accessibility-reports?per_page=100', staff.headers);
    expect(list.statusCode).toBe(200);
    const descriptions = list.json().data.map((r: { description: string }) => r.description);
    expect(descriptions.indexOf('Secondo')).toBeLessThan(descriptions.indexOf('Primo'));
    expect(list.json().meta.total).toBe(list.json().data.length);
    const onlyNew = await send('GET', '/api/accessibility-reports?filter[state]=new&per_page=100', staff.headers);
    expect(onlyNew.json().data.every((r: { state: string }) => r.state === 'new')).toBe(true);
    expect((await send('GET', '/api/accessibility-reports?filter[state]=chiusa', staff.headers)).statusCode).toBe(422);
  });

  it('moves a report through its states with update_accessibility_reports', async () => {
    const reporter = await ctx.user();
    const id = (
      await send('POST', '/api/accessibility-reports', reporter.headers, { description: 'Da risolvere' })
    ).json().data.id;
    const reader = await ctx.user({}, ['read_accessibility_reports']);
    expect(
      (await send('PUT', `/api/accessibility-reports/${id}`, reader.headers, { state: 'resolved' })).statusCode,
    ).toBe(403);
    const staff = await ctx.user({}, ['read_accessibility_reports', 'update_accessibility_reports']);
    expect((await send('PUT', `/api/accessibility-reports/${id}`, staff.headers, { state: 'chiusa' })).statusCode).toBe(
      422,
    );
    expect(
      (await send('PUT', '/api/accessibility-reports/999999', staff.headers, { state: 'resolved' })).statusCode,
    ).toBe(404);
    for (const state of ['in_progress', 'resolved']) {
      const res = await send('PUT', `/api/accessibility-reports/${id}`, staff.headers, { state });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.state).toBe(state);
    }
    expect((await send('GET', `/api/accessibility-reports/${id}`, staff.headers)).json().data.state).toBe('resolved');
    expect((await send('GET', '/api/accessibility-reports/999999', staff.headers)).statusCode).toBe(404);
  });

  it("records each state change in the audit trail, by whom, without the reporter's name or e-mail", async () => {
    const reporter = await ctx.user({ name: 'Rita', surname: 'Riservata' });
    const id = (
      await send('POST', '/api/accessibility-reports', reporter.headers, { description: 'Contrasto basso' })
    ).json().data.id;
    const staff = await ctx.user({}, ['read_accessibility_reports', 'update_accessibility_reports']);
    for (const state of ['in_progress', 'in_progress', 'resolved']) {
      expect((await send('PUT', `/api/accessibility-reports/${id}`, staff.headers, { state })).statusCode).toBe(200);
    }
    const entries = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'accessibility_report')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    // The repeated state changes nothing, so it records nothing.
    expect(entries.map((e) => [e.action, e.actor_id, JSON.parse(e.changes)])).toEqual([
      ['update', staff.id, { state: ['new', 'in_progress'] }],
      ['update', staff.id, { state: ['in_progress', 'resolved'] }],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Riservata|Contrasto/);
  });

  it('gives the administrator role both permissions, in the seed and through the migration', async () => {
    expect(demoRoles().admin.permissions).toEqual(
      expect.arrayContaining(['read_accessibility_reports', 'update_accessibility_reports']),
    );
    const role = await ctx.db
      .insertInto('roles')
      .values({ name: 'Amministratore', description: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await migrations['006_accessibility_reports'].down!(ctx.db as never);
    await migrations['006_accessibility_reports'].up(ctx.db as never);
    const granted = await ctx.db
      .selectFrom('role_permissions')
      .select('permission_name')
      .where('role_id', '=', role.id)
      .execute();
    expect(granted.map((g) => g.permission_name).sort()).toEqual([
      'read_accessibility_reports',
      'update_accessibility_reports',
    ]);
  });
});
