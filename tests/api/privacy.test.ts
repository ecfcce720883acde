import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, grant, useTestApp } from './helpers.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { isPostgresDb, type Db } from '../../server/src/db/index.js';

type Headers = Record<string, string>;

/** Every text column of every table of the database, read from the database's own catalogue. */
async function textColumns(db: Db): Promise<Array<{ table: string; column: string }>> {
  if (isPostgresDb(db)) {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by table_name, column_name`.execute(db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const found: Array<{ table: string; column: string }> = [];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})`.execute(db);
    for (const column of columns)
      if (column.type === '' || /char|text|clob/i.test(column.type)) found.push({ table: name, column: column.name });
  }
  return found;
}

/** Where each needle occurs in the database: `table.column#row`, for every text column of every table. */
async function occurrences(db: Db, needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    for (const needle of needles) {
      const { rows } = await sql<{ hit: string }>`
        select cast(${sql.ref(column)} as text) as hit from ${sql.table(table)}
        where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`}`.execute(db);
      for (const row of rows) hits.push(`${table}.${column}: ${row.hit.slice(0, 120)}`);
    }
  }
  return hits;
}

async function sheetTexts(payload: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const texts: string[] = [];
  for (const sheet of workbook.worksheets) {
    texts.push(sheet.name);
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.text))));
  }
  return texts.join('\n');
}

describe.each(databases)('personal data: export, erasure requests, erasure (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const PERSON = {
    name: 'Ottavia',
    surname: 'Zanzibardi',
    email: 'ottavia.zanzibardi@example.test',
    tax_id: 'ZNZTTV80A41H501X',
    birthdate: '1980-01-01',
  };
  const NEEDLES = ['Zanzibardi', PERSON.email, PERSON.tax_id];
  let admin: { id: number; headers: Headers };
  let person: { id: number; headers: Headers };
  let personTeamId: number;
  let sessionId: number;
  let courseId: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url, headers, payload });

  beforeAll(async () => {
    const a = await ctx.user({ name: 'Amelia', surname: 'Amministra' }, ['developer']);
    admin = a;
    // Created through the API: the audit trail records her name, e-mail and tax id.
    const created = await api('POST', '/api/users', admin.headers, PERSON);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    await ctx.db
      .updateTable('users')
      .set({ mobile: '+39 333 1234567', is_expert: 1, expert_access: 'limited' })
      .where('id', '=', id)
      .execute();
    // Staff: she holds a role, so her own records about others keep who she was.
    await grant(ctx.db, id, ['create_teams', 'update_teams']);
    const token = await issueToken(ctx.db, id, 3600, new Date(ctx.app.now()));
    person = { id, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } };

    // As actor: she creates a team.
    const team = await api('POST', '/api/teams', person.headers, { name: 'Squadra Orsa' });
    expect(team.statusCode).toBe(201);
    personTeamId = team.json().data.id;
    // As subject: the administrator puts her in a team of his (a stay) and changes her record.
    const other = await api('POST', '/api/teams', admin.headers, { name: 'Squadra Lince' });
    const otherId = other.json().data.id as number;
    expect((await api('POST', `/api/teams/${otherId}/users/${id}`, admin.headers)).statusCode).toBeLessThan(300);
    expect((await api('PUT', `/api/users/${id}/mooc`, admin.headers, { mooc_access: true })).statusCode).toBe(200);

    // A session she led and attended, with the raw identity the import recorded, and a row of hers matched to nobody.
    const session = await ctx.db
      .insertInto('sessions')
      .values({
        name: 'Incontro di marzo',
        type: 'meet',
        description: '',
        join_instructions: '',
        start_time: '2026-03-10T09:00:00.000Z',
        end_time: '2026-03-10T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sessionId = session.id;
    await ctx.db.insertInto('session_teams').values({ session_id: sessionId, team_id: otherId }).execute();
    await ctx.db.insertInto('session_experts').values({ session_id: sessionId, user_id: id }).execute();
    await ctx.db
      .insertInto('attendances')
      .values([
        {
          session_id: sessionId,
          user_id: id,
          name: 'Ottavia Zanzibardi',
          email: PERSON.email,
          joined_at: '2026-03-10T09:00:00.000Z',
          left_at: '2026-03-10T09:40:00.000Z',
          source: 'csv',
          external_key: `csv:${PERSON.email}:1`,
        },
        {
          session_id: sessionId,
          user_id: null,
          name: 'O. Zanzibardi',
          email: PERSON.email.toUpperCase(),
          joined_at: '2026-03-10T09:45:00.000Z',
          left_at: '2026-03-10T09:55:00.000Z',
          source: 'csv',
          external_key: `csv:${PERSON.email}:2`,
        },
      ])
      .execute();

    // Lesson progress.
    const course = await ctx.db
      .insertInto('courses')
      .values({ name: 'Corso base', description: '', published: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    courseId = course.id;
    const module = await ctx.db
      .insertInto('modules')
      .values({ course_id: courseId, name: 'Modulo 1', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lesson = await ctx.db
      .insertInto('lessons')
      .values({
        module_id: module.id,
        name: 'Lezione 1',
        position: 1,
        video_url: 'https://www.youtube.com/watch?v=abcdefghijk',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('lesson_progress')
      .values({
        user_id: id,
        lesson_id: lesson.id,
        position: 30,
        watched: '[[0,30]]',
        covered_seconds: 30,
        completed: 0,
        last_sync_ms: 0,
        version: 1,
        updated_at: '2026-03-11T10:00:00.000Z',
      })
      .execute();

    // An accessibility report naming her, and a calendar feed.
    const report = await api('POST', '/api/accessibility-reports', person.headers, {
      description: 'Il menu non si apre. Ottavia Zanzibardi',
      page_url: '/dashboard',
    });
    expect(report.statusCode).toBe(201);
    expect((await api('POST', '/api/user/calendar-feed', person.headers)).statusCode).toBe(200);
  });

  it('exports what the database holds about the person, as a download, never a token', async () => {
    const res = await api('GET', '/api/user/export', person.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="percorso-i-miei-dati-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const doc = res.json();
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(doc.user).toMatchObject({
      id: person.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      tax_id: user.tax_id,
      birthdate: user.birthdate,
      mobile: user.mobile,
      is_expert: true,
      mooc_access: true,
    });
    const roleIds = (
      await ctx.db.selectFrom('user_roles').select('role_id').where('user_id', '=', person.id).execute()
    ).map((r) => r.role_id);
    expect(doc.roles.map((r: { id: number }) => r.id).sort()).toEqual(roleIds.sort());
    expect(doc.roles.flatMap((r: { permissions: string[] }) => r.permissions).sort()).toEqual([
      'create_teams',
      'update_teams',
    ]);
    const membership = await ctx.db.selectFrom('team_members').selectAll().where('user_id', '=', person.id).execute();
    expect(membership).toHaveLength(1);
    const teams = doc.teams as Array<{ id: number; member: boolean; coordinator: boolean; stays: unknown[] }>;
    const member = teams.find((t) => t.member)!;
    expect(member.id).toBe(membership[0]!.team_id);
    expect(member.stays).toEqual([{ joined_at: membership[0]!.joined_at, left_at: null }]);
    expect(doc.sessions_as_expert.map((s: { id: number }) => s.id)).toEqual([sessionId]);
    const attendances = await ctx.db
      .selectFrom('attendances')
      .select(['id', 'name', 'email'])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute();
    expect(doc.attendances.map((a: { id: number; name: string; email: string }) => [a.id, a.name, a.email])).toEqual(
      attendances.map((a) => [a.id, a.name, a.email]),
    );
    expect(doc.lesson_progress).toHaveLength(1);
    expect(doc.lesson_progress[0]).toMatchObject({
      course_id: courseId,
      covered_seconds: 30,
      watched: [[0, 30]],
      completed: false,
    });
    const auditIds = (
      await ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('actor_id', '=', person.id),
            eb.and([eb('entity_type', 'in', ['user', 'expert', 'calendar_feed']), eb('entity_id', '=', person.id)]),
          ]),
        )
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    expect(auditIds.length).toBeGreaterThanOrEqual(4);
    expect(doc.audit.map((e: { id: number }) => e.id).sort((x: number, y: number) => x - y)).toEqual(auditIds);
    expect(
      doc.audit.find((e: { entity_type: string; action: string }) => e.entity_type === 'user' && e.action === 'create')
        .changes.tax_id,
    ).toEqual([null, PERSON.tax_id]);
    const feed = await ctx.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(doc.calendar_feed).toEqual({ active: true, created_at: feed.created_at });
    expect(doc.accessibility_reports).toHaveLength(1);
    expect(doc.accessibility_reports[0]).toMatchObject({ reporter_email: PERSON.email, page_url: '/dashboard' });
    const tokens = await ctx.db.selectFrom('access_tokens').selectAll().where('user_id', '=', person.id).execute();
    expect(doc.sign_ins.map((s: { id: number }) => s.id)).toEqual(tokens.map((t) => t.id));
    const text = JSON.stringify(doc);
    for (const t of tokens) expect(text).not.toContain(t.token_hash);
    expect(text).not.toContain(feed.token_hash);
    expect(text).not.toContain(feed.nonce);
    expect(text).not.toMatch(/token_hash|id_token|nonce/);
  });

  it('asks for the export only of a signed-in person', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/erasure-request' })).statusCode).toBe(401);
  });

  it('records one pending erasure request, audited, that staff who may delete users read', async () => {
    expect((await api('GET', '/api/user/erasure-request', person.headers)).json()).toEqual({ data: null });
    const first = await api('POST', '/api/user/erasure-request', person.headers);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'pending' });
    const again = await api('POST', '/api/user/erasure-request', person.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await api('GET', '/api/user/erasure-request', person.headers)).json().data).toEqual(first.json().data);
    const audited = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'erasure_request')
      .where('actor_id', '=', person.id)
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.entity_id).toBe(first.json().data.id);

    const reader = await ctx.user({}, ['read_users']);
    expect((await api('GET', '/api/erasure-requests', reader.headers)).statusCode).toBe(403);
    expect((await api('GET', `/api/erasure-requests/${first.json().data.id}`, reader.headers)).statusCode).toBe(403);
    const deleter = await ctx.user({}, ['delete_users']);
    const list = await api('GET', '/api/erasure-requests', deleter.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: first.json().data.id,
        status: 'pending',
        user: { id: person.id, name: PERSON.name, surname: PERSON.surname, email: PERSON.email },
        completed_by: null,
      }),
    ]);
    expect((await api('GET', '/api/erasure-requests/999999', deleter.headers)).statusCode).toBe(404);
  });

  it('erases the person everywhere on deletion, keeping figures and the staff snapshot', async () => {
    const teamAudit = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'team')
      .where('entity_id', '=', personTeamId)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    const requestId = (await api('GET', '/api/user/erasure-request', person.headers)).json().data.id as number;
    const auditCount = Number(
      (
        await ctx.db
          .selectFrom('audit_log')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const deleted = await api('DELETE', `/api/users/${person.id}`, admin.headers);
    expect(deleted.statusCode).toBe(200);

    // Every text column of every table: nothing but the actor snapshot of her own records about others.
    const hits = await occurrences(ctx.db, NEEDLES);
    const snapshotHits = hits.filter(
      (h) => h.startsWith('audit_log.actor_name') || h.startsWith('audit_log.actor_email'),
    );
    expect(hits.filter((h) => !snapshotHits.includes(h))).toEqual([]);
    expect(hits.join('\n')).not.toContain(PERSON.tax_id);
    const snapshots = await ctx.db
      .selectFrom('audit_log')
      .select(['id', 'entity_type', 'actor_name', 'actor_email'])
      .where('actor_name', 'is not', null)
      .execute();
    expect(snapshots.map((s) => s.entity_type).every((t) => t !== 'user')).toBe(true);
    expect(snapshots).toContainEqual({
      id: teamAudit.id,
      entity_type: 'team',
      actor_name: 'Ottavia Zanzibardi',
      actor_email: PERSON.email,
    });

    // The records stay; what named her says "Utente eliminato".
    const count = Number(
      (
        await ctx.db
          .selectFrom('audit_log')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(count).toBe(auditCount + 1);
    const deletion = await ctx.db
      .selectFrom('audit_log')
      .select(['changes', 'actor_id'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', person.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(deletion.actor_id).toBe(admin.id);
    expect(JSON.parse(deletion.changes)).toMatchObject({
      name: ['Utente eliminato', null],
      email: ['Utente eliminato', null],
      tax_id: ['Utente eliminato', null],
      is_expert: [true, null],
    });

    // Attendances keep their times, not the identity.
    const rows = await ctx.db
      .selectFrom('attendances')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute();
    const pseudonym = rows[0]!.name;
    expect(pseudonym).toMatch(/^Utente eliminato [0-9a-f]{6}$/);
    expect(rows.map((r) => [r.user_id, r.name, r.email, r.joined_at, r.left_at])).toEqual([
      [null, pseudonym, null, '2026-03-10T09:00:00.000Z', '2026-03-10T09:40:00.000Z'],
      [null, pseudonym, null, '2026-03-10T09:45:00.000Z', '2026-03-10T09:55:00.000Z'],
    ]);
    const report = await ctx.db.selectFrom('accessibility_reports').selectAll().executeTakeFirstOrThrow();
    expect(report).toMatchObject({
      user_id: null,
      reporter_name: 'Utente eliminato',
      reporter_email: '',
      description: 'Il menu non si apre. Utente eliminato',
    });

    // Every answer that lists people: reports (JSON and spreadsheets), the audit trail, the requests.
    const answers: string[] = [];
    const participation = await api('GET', '/api/reports/participation?from=2026-03-01&to=2026-03-31', admin.headers);
    expect(participation.statusCode).toBe(200);
    // Her 40 and 10 minutes, as one attendee the report no longer recognises.
    expect(participation.json().meta.unmatched).toEqual([
      expect.objectContaining({ session_id: sessionId, name: pseudonym, email: null, minutes_attended: 50 }),
    ]);
    answers.push(participation.body);
    const participationXlsx = await api(
      'GET',
      '/api/reports/participation/excel?from=2026-03-01&to=2026-03-31',
      admin.headers,
    );
    expect(participationXlsx.statusCode).toBe(200);
    answers.push(await sheetTexts(participationXlsx.rawPayload));
    const learning = await api('GET', `/api/reports/learning?filter[course_id]=${courseId}`, admin.headers);
    expect(learning.statusCode).toBe(200);
    answers.push(learning.body);
    const learningXlsx = await api('GET', `/api/reports/learning/excel?filter[course_id]=${courseId}`, admin.headers);
    expect(learningXlsx.statusCode).toBe(200);
    answers.push(await sheetTexts(learningXlsx.rawPayload));
    for (let page = 1; ; page++) {
      const audit = await api('GET', `/api/audit-log?per_page=100&page=${page}`, admin.headers);
      expect(audit.statusCode).toBe(200);
      const body = audit.json();
      for (const entry of body.data) {
        const { actor_snapshot: snapshot, ...rest } = entry;
        answers.push(JSON.stringify(rest));
        if (entry.id === teamAudit.id) {
          expect(entry.actor).toBeNull();
          expect(snapshot).toEqual({ name: 'Ottavia Zanzibardi', email: PERSON.email });
        }
      }
      if (page >= body.meta.last_page) break;
    }
    answers.push((await api('GET', '/api/accessibility-reports', admin.headers)).body);
    answers.push((await api('GET', '/api/users?per_page=100', admin.headers)).body);
    const requests = await api('GET', '/api/erasure-requests', admin.headers);
    answers.push(requests.body);
    expect(requests.json().data).toEqual([
      expect.objectContaining({
        id: requestId,
        status: 'done',
        user: null,
        completed_by: expect.objectContaining({ id: admin.id }),
      }),
    ]);
    const all = answers.join('\n').toLowerCase();
    for (const needle of NEEDLES) expect(all).not.toContain(needle.toLowerCase());

    // An export of the erased person finds nothing.
    const gone = await ctx.app.repos.privacy.exportOf(person.id);
    const { generated_at: _at, ...sections } = gone;
    expect(sections).toEqual({
      user: null,
      roles: [],
      teams: [],
      sessions_as_expert: [],
      attendances: [],
      lesson_progress: [],
      audit: [],
      calendar_feed: { active: false, created_at: null },
      accessibility_reports: [],
      sign_ins: [],
      erasure_requests: [],
    });
  });

  it('keeps no snapshot for a person who held no role', async () => {
    const member = await ctx.user({ name: 'Bruno', surname: 'Quercialta' });
    expect((await api('POST', '/api/user/calendar-feed', member.headers)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/users/${member.id}`, admin.headers)).statusCode).toBe(200);
    expect(await occurrences(ctx.db, ['Quercialta'])).toEqual([]);
    const regenerate = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_name', 'actor_email'])
      .where('entity_type', '=', 'calendar_feed')
      .where('entity_id', '=', member.id)
      .execute();
    expect(regenerate).toEqual([{ actor_id: null, actor_name: null, actor_email: null }]);
  });
});
