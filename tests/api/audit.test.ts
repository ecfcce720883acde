import { beforeEach, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';
import { createAuditRepository, recordAudit } from '../../server/src/modules/audit/repository.js';
import { demoRoles } from '../../server/src/seed/roles.js';
import { startRetention, stopRetention } from '../../server/src/plugins/retention.js';
import { loadConfig } from '../../server/src/config.js';
import { importAttendanceCsv } from '../../server/src/modules/attendances/csv-import.js';
import { resolve } from 'node:path';

const session = {
  name: 'Pitch day',
  type: 'other',
  description: 'Prova del pitch',
  start_time: '2026-11-21T09:30:00.000Z',
  end_time: '2026-11-21T11:00:00.000Z',
  join_instructions: 'Sala grande',
};

describe.each(databases)('audit trail (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const rows = () => ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  const parsed = async () => (await rows()).map((r) => ({ ...r, changes: JSON.parse(r.changes) }));

  beforeEach(async () => {
    await ctx.db.deleteFrom('audit_log').execute();
  });

  it('records one row per session change with who, the action and the exact fields before and after', async () => {
    const admin = await ctx.user({}, ['create_sessions', 'update_sessions', 'delete_sessions']);
    const team = await makeTeam(ctx.db);
    const expert = await makeExpert(ctx, 'complete');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: admin.headers,
      payload: { ...session, team_id: team },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    let log = await parsed();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: admin.id, action: 'create', entity_type: 'session', entity_id: id });
    expect(log[0].changes).toEqual({
      name: [null, 'Pitch day'],
      type: [null, 'other'],
      description: [null, 'Prova del pitch'],
      start_time: [null, '2026-11-21T09:30:00.000Z'],
      end_time: [null, '2026-11-21T11:00:00.000Z'],
      join_instructions: [null, 'Sala grande'],
      teams: [[], [team]],
    });
    expect(Date.parse(log[0].at)).toBeGreaterThan(Date.now() - 60_000);

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: admin.headers,
      payload: { ...session, name: 'Demo day', team_id: team },
    });
    // The same values again change nothing: no record.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: admin.headers,
      payload: { ...session, name: 'Demo day', team_id: team },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/experts`,
      headers: admin.headers,
      payload: { user_id: expert.id },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}/teams`,
      headers: admin.headers,
      payload: { teams: [] },
    });
    await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${id}/experts/${expert.id}`, headers: admin.headers });
    await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: admin.headers });
    log = await parsed();
    expect(log.map((r) => [r.action, r.changes])).toEqual([
      ['create', log[0].changes],
      ['update', { name: ['Pitch day', 'Demo day'] }],
      ['update', { experts: [[], [expert.id]] }],
      ['update', { teams: [[team], []] }],
      ['update', { experts: [[expert.id], []] }],
      [
        'delete',
        {
          name: ['Demo day', null],
          type: ['other', null],
          description: ['Prova del pitch', null],
          start_time: ['2026-11-21T09:30:00.000Z', null],
          end_time: ['2026-11-21T11:00:00.000Z', null],
          join_instructions: ['Sala grande', null],
        },
      ],
    ]);
    expect(log.every((r) => r.actor_id === admin.id && r.entity_id === id)).toBe(true);
  });

  it('records nothing for a refused or failed write', async () => {
    const reader = await ctx.user({}, ['read_sessions']);
    const admin = await ctx.user({}, ['create_sessions', 'update_sessions']);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/sessions', headers: reader.headers, payload: session }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/sessions',
          headers: admin.headers,
          payload: { ...session, end_time: '2020-01-01T00:00:00.000Z' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/sessions/999999', headers: admin.headers, payload: session }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/sessions/999999/experts',
          headers: admin.headers,
          payload: { user_id: admin.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('rolls the record back with a change that fails in the database', async () => {
    const audit = createAuditRepository(ctx.db, () => Date.now());
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await audit.record(trx, { actorId: null, action: 'create', entityType: 'session', entityId: 1, changes: {} });
        await trx
          .insertInto('sessions')
          .values({
            name: null as unknown as string,
            type: 'meet',
            description: '',
            start_time: '',
            join_instructions: '',
            end_time: null,
            join_url: null,
          })
          .execute();
      }),
    ).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('never records tokens or secrets', async () => {
    const audit = createAuditRepository(ctx.db, () => Date.now());
    await audit.record(ctx.db, {
      actorId: null,
      action: 'update',
      entityType: 'user',
      entityId: 1,
      changes: { token_hash: ['a', 'b'], oidc_subject: ['x', 'y'], name: ['A', 'B'] },
    });
    expect((await parsed())[0].changes).toEqual({ name: ['A', 'B'] });
  });

  it('lists newest first with Laravel meta and filters by person, entity type, entity id and dates, for read_audit only', async () => {
    const reader = await ctx.user({}, ['read_audit']);
    const someone = await ctx.user({ name: 'Anna', surname: 'Verdi', email: 'anna.verdi@example.test' });
    const add = (
      at: string,
      actorId: number | null,
      entityType: string,
      entityId: number,
      action: 'create' | 'update' = 'update',
    ) => recordAudit(ctx.db, at, { actorId, action, entityType, entityId, changes: { name: ['a', 'b'] } });
    await add('2026-01-10T10:00:00.000Z', someone.id, 'team', 1, 'create');
    await add('2026-01-11T10:00:00.000Z', someone.id, 'session', 7);
    await add('2026-01-12T10:00:00.000Z', reader.id, 'session', 8);
    await add('2026-01-12T23:30:00.000Z', null, 'session', 7);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit-log', headers: someone.headers })).statusCode).toBe(
      403,
    );
    const get = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/audit-log?${query}`, headers: reader.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: Array<{ entity_id: number; at: string; actor: unknown }>;
        meta: Record<string, number>;
      };
    };
    const all = await get('per_page=2');
    expect(all.data.map((e) => e.at)).toEqual(['2026-01-12T23:30:00.000Z', '2026-01-12T10:00:00.000Z']);
    expect(all.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, from: 1, to: 2, total: 4 });
    expect(all.data[0]).toMatchObject({
      actor: null,
      action: 'update',
      entity_type: 'session',
      entity_id: 7,
      changes: { name: ['a', 'b'] },
    });
    expect((await get('page=2&per_page=2')).data.map((e) => e.at)).toEqual([
      '2026-01-11T10:00:00.000Z',
      '2026-01-10T10:00:00.000Z',
    ]);
    const bySomeone = await get(`filter[actor_id]=${someone.id}`);
    expect(bySomeone.data).toHaveLength(2);
    expect(bySomeone.data[0].actor).toEqual({
      id: someone.id,
      name: 'Anna',
      surname: 'Verdi',
      email: 'anna.verdi@example.test',
    });
    expect((await get('filter[entity_type]=session&filter[entity_id]=7')).meta.total).toBe(2);
    // Days are Rome days: 23:30 UTC on 12 January is already 13 January in Rome.
    expect((await get('filter[from]=2026-01-11&filter[to]=2026-01-12')).data.map((e) => e.at)).toEqual([
      '2026-01-12T10:00:00.000Z',
      '2026-01-11T10:00:00.000Z',
    ]);
    expect((await get('filter[from]=2026-01-12T23:00:00.000Z')).meta.total).toBe(1);

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit-log?filter[from]=ieri&filter[entity_id]=abc',
      headers: reader.headers,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'filter.entity_id': ["L'identificativo indicato deve essere un numero intero positivo."],
      'filter.from': ['La data di inizio non è valida.'],
    });
  });

  it('purges records older than the retention period', async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 3600_000).toISOString();
    await recordAudit(ctx.db, at(800), {
      actorId: null,
      action: 'update',
      entityType: 'team',
      entityId: 1,
      changes: {},
    });
    await recordAudit(ctx.db, at(731), {
      actorId: null,
      action: 'update',
      entityType: 'team',
      entityId: 2,
      changes: {},
    });
    await recordAudit(ctx.db, at(5), { actorId: null, action: 'update', entityType: 'team', entityId: 3, changes: {} });
    const audit = createAuditRepository(ctx.db, () => Date.now());
    expect(ctx.config.auditRetentionDays).toBe(730);
    // The daily schedule runs once right away.
    startRetention(ctx.app);
    await expect.poll(async () => (await rows()).map((r) => r.entity_id)).toEqual([3]);
    await stopRetention(ctx.app);
    expect(await audit.purgeOlderThan(10)).toBe(0);
    expect(await audit.purgeOlderThan(1)).toBe(1);
  });

  it('gives read_audit to the administrator demo role, and to the existing role by migration', async () => {
    expect(demoRoles().admin.permissions).toContain('read_audit');
    expect(demoRoles().coordinator.permissions).not.toContain('read_audit');
    expect(
      await ctx.db.selectFrom('permissions').select('name').where('name', '=', 'read_audit').executeTakeFirst(),
    ).toBeTruthy();
  });

  it('records teams and their members, roles and their permissions, users, experts, courses, modules and lessons', async () => {
    const admin = await ctx.user({}, [
      'create_teams',
      'update_teams',
      'delete_teams',
      'create_roles',
      'edit_roles',
      'delete_roles',
      // A role is created, edited or given only by someone who holds what it grants.
      'read_teams',
      'create_users',
      'update_roles',
      'delete_users',
      'create_experts',
      'update_experts',
      'delete_experts',
      'create_courses',
      'update_courses',
      'delete_courses',
      'read_courses',
      'create_modules',
      'create_lessons',
      'update_lesosns',
    ]);
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: admin.headers, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json()?.data;
    };
    const last = async () => {
      const all = await parsed();
      expect(all.every((r) => r.actor_id === admin.id)).toBe(true);
      const rows = all.map((r) => ({ action: r.action, type: r.entity_type, id: r.entity_id, changes: r.changes }));
      await ctx.db.deleteFrom('audit_log').execute();
      return rows;
    };

    const member = await ctx.user();
    const team = await call('POST', '/api/teams', { name: 'Alfa', description: 'Prima' });
    await call('PUT', `/api/teams/${team.id}`, { name: 'Alfa', description: 'Seconda' });
    await call('POST', `/api/teams/${team.id}/users/${member.id}`);
    await call('DELETE', `/api/teams/${team.id}/users/${member.id}`);
    expect(await last()).toEqual([
      { action: 'create', type: 'team', id: team.id, changes: { name: [null, 'Alfa'], description: [null, 'Prima'] } },
      { action: 'update', type: 'team', id: team.id, changes: { description: ['Prima', 'Seconda'] } },
      { action: 'update', type: 'team', id: team.id, changes: { members: [[], [member.id]] } },
      { action: 'update', type: 'team', id: team.id, changes: { members: [[member.id], []] } },
    ]);

    const role = await call('POST', '/api/roles', {
      name: 'Tutor',
      description: 'Segue i team',
      permissions: ['read_teams'],
    });
    await call('PUT', `/api/roles/${role.id}`, {
      name: 'Tutor',
      description: 'Segue i team',
      permissions: ['read_teams', 'update_teams'],
    });
    await call('DELETE', `/api/roles/${role.id}`);
    expect(await last()).toEqual([
      {
        action: 'create',
        type: 'role',
        id: role.id,
        changes: { name: [null, 'Tutor'], description: [null, 'Segue i team'], permissions: [[], ['read_teams']] },
      },
      {
        action: 'update',
        type: 'role',
        id: role.id,
        changes: { permissions: [['read_teams'], ['read_teams', 'update_teams']] },
      },
      {
        action: 'delete',
        type: 'role',
        id: role.id,
        changes: {
          name: ['Tutor', null],
          description: ['Segue i team', null],
          permissions: [['read_teams', 'update_teams'], []],
        },
      },
    ]);

    const user = await call('POST', '/api/users', { name: 'Lia', surname: 'Neri', email: 'lia.neri@example.test' });
    // A role the administrator holds all of: they may give it.
    const anyRole = (
      await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', admin.id).executeTakeFirstOrThrow()
    ).role_id;
    await call('PUT', `/api/users/${user.id}/roles`, { roles: [anyRole] });
    await call('PUT', `/api/users/${user.id}/mooc`, { mooc_access: true });
    await call('POST', '/api/experts', { user_id: user.id, access: 'limited', teams: [team.id] });
    await call('PUT', `/api/experts/${user.id}`, { access: 'complete', teams: [] });
    await call('DELETE', `/api/experts/${user.id}`);
    await call('DELETE', `/api/users/${user.id}`);
    // The records stay once the user is deleted; what identified them does not (privacy/erasure.ts).
    const erased = 'Utente eliminato';
    expect(await last()).toEqual([
      {
        action: 'create',
        type: 'user',
        id: user.id,
        changes: { name: [null, erased], surname: [null, erased], email: [null, erased] },
      },
      { action: 'update', type: 'user', id: user.id, changes: { roles: [[], [anyRole]] } },
      { action: 'update', type: 'user', id: user.id, changes: { mooc_access: [false, true] } },
      {
        action: 'create',
        type: 'expert',
        id: user.id,
        changes: { expert_access: [null, 'limited'], teams: [[], [team.id]] },
      },
      {
        action: 'update',
        type: 'expert',
        id: user.id,
        changes: { expert_access: ['limited', 'complete'], teams: [[team.id], []] },
      },
      { action: 'delete', type: 'expert', id: user.id, changes: { expert_access: ['complete', null] } },
      {
        action: 'delete',
        type: 'user',
        id: user.id,
        changes: {
          name: [erased, null],
          surname: [erased, null],
          email: [erased, null],
          is_expert: [false, null],
          mooc_access: [true, null],
          roles: [[anyRole], []],
        },
      },
    ]);

    const course = await call('POST', '/api/courses', { name: 'Fundraising', description: 'Come raccogliere fondi' });
    await call('PUT', `/api/courses/${course.id}`, { name: 'Fundraising 101', description: 'Come raccogliere fondi' });
    const module = await call('POST', `/api/courses/${course.id}/modules`, { position: 1, name: 'Basi' });
    const lesson = await call('POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, {
      position: 1,
      name: 'Intro',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      video_length: 120,
    });
    await call('PUT', `/api/courses/${course.id}/modules/${module.id}/lessons/${lesson.id}`, {
      position: 2,
      name: 'Intro',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      video_length: 120,
    });
    await call('DELETE', `/api/courses/${course.id}/modules/${module.id}/lessons/${lesson.id}`);
    await call('DELETE', `/api/courses/${course.id}/modules/${module.id}`);
    await call('DELETE', `/api/courses/${course.id}`);
    const courseLog = await last();
    expect(courseLog.map((r) => [r.action, r.type, r.id])).toEqual([
      ['create', 'course', course.id],
      ['update', 'course', course.id],
      ['create', 'module', module.id],
      ['create', 'lesson', lesson.id],
      ['update', 'lesson', lesson.id],
      ['delete', 'lesson', lesson.id],
      ['delete', 'module', module.id],
      ['delete', 'course', course.id],
    ]);
    expect(courseLog[1].changes).toEqual({ name: ['Fundraising', 'Fundraising 101'] });
    expect(courseLog[4].changes).toEqual({ position: [1, 2] });
    expect(courseLog[5].changes).toMatchObject({ name: ['Intro', null], position: [2, null] });

    await call('DELETE', `/api/teams/${team.id}`);
    expect(await last()).toEqual([
      {
        action: 'delete',
        type: 'team',
        id: team.id,
        changes: { name: ['Alfa', null], description: ['Seconda', null] },
      },
    ]);
  });

  it('records an attendance import as one record, not one per attendance', async () => {
    const id = await makeSession(ctx.db, { start_time: '2026-01-15T09:00:00.000Z' });
    const file = resolve(__dirname, '../fixtures/attendances', 'meet-attendance-en.csv');
    const result = await importAttendanceCsv(ctx.db, { sessionId: id, file });
    expect(result.saved).toBeGreaterThan(1);
    const log = (await parsed()).filter((r) => r.entity_id === id);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'import',
        entity_type: 'session',
        actor_id: null,
        changes: { source: [null, 'csv'], attendances: [0, result.saved] },
      }),
    ]);
  });

  it('records sign-out, with no token in the record', async () => {
    const user = await ctx.user();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode).toBe(
      200,
    );
    const log = await parsed();
    expect(log).toEqual([
      expect.objectContaining({
        action: 'sign_out',
        entity_type: 'user',
        entity_id: user.id,
        actor_id: user.id,
        changes: {},
      }),
    ]);
    expect(JSON.stringify(await rows())).not.toContain(user.token);
    // A refused sign-out (the token is already gone) records nothing.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode).toBe(
      401,
    );
    expect(await rows()).toHaveLength(1);
  });
});

describe('audit and calendar settings', () => {
  it('reads AUDIT_RETENTION_DAYS (default 730) and CALENDAR_FEED_KEY, refusing bad values', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(730);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'due anni' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(loadConfig({}).calendarFeedKey).toBeNull();
    expect(loadConfig({ CALENDAR_FEED_KEY: 'k'.repeat(32) }).calendarFeedKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ CALENDAR_FEED_KEY: 'corta' })).toThrow(/CALENDAR_FEED_KEY/);
  });
});
