import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isoTimestamp, isPostgresDb } from '../../server/src/db/index.js';
import { databases, useTestApp } from './helpers.js';

/**
 * PostgreSQL keeps timestamps, flags and dates in its own types (timestamptz, boolean, date), and
 * the database layer reads them back exactly as SQLite stores them: the same rows, the same JSON.
 */
describe.each(databases)('column types and the values read back (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('reads timestamps as ISO 8601 UTC with milliseconds, flags as 0/1, dates as YYYY-MM-DD', async () => {
    const row = await ctx.db
      .insertInto('users')
      .values({
        name: 'Tipo',
        surname: 'Nativo',
        email: `tipi-${kind}@example.test`,
        birthdate: '1990-02-28',
        is_expert: 1,
        mooc_access: 0,
        created_at: '2026-11-21T09:30:00.000Z',
        updated_at: '2026-11-21T09:30:00.120Z',
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      birthdate: '1990-02-28',
      is_expert: 1,
      mooc_access: 0,
      created_at: '2026-11-21T09:30:00.000Z',
      updated_at: '2026-11-21T09:30:00.120Z',
    });
    // Comparisons with ISO strings and 0/1 work as before.
    const found = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('created_at', '<', '2026-11-21T09:30:00.001Z')
      .where('is_expert', '=', 1)
      .where('id', '=', row.id)
      .execute();
    expect(found).toHaveLength(1);

    const course = await ctx.db
      .insertInto('courses')
      .values({ name: 'C', description: 'd', published: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const published = await ctx.db
      .selectFrom('courses')
      .select(['published', 'created_at'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(published.published).toBe(1);
    expect(published.created_at).toMatch(
      kind === 'postgres' ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/ : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/,
    );
  });

  it('the API answers the same JSON for a user and a course', async () => {
    const admin = await ctx.user({}, ['read_users', 'read_courses']);
    const user = await ctx.db
      .insertInto('users')
      .values({
        name: 'Json',
        surname: 'Uguale',
        email: `json-${kind}@example.test`,
        birthdate: '1985-12-31',
        mooc_access: 1,
        created_at: '2026-01-02T03:04:05.678Z',
        updated_at: '2026-01-02T03:04:05.678Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"birthdate":"1985-12-31"');
    expect(res.body).toContain('"created_at":"2026-01-02T03:04:05.678Z"');
    expect(res.json().data.mooc_access).toBe(true);
  });

  it.runIf(kind === 'postgres')('PostgreSQL columns have native types', async () => {
    expect(isPostgresDb(ctx.db)).toBe(true);
    const rows = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name in ('users', 'sessions', 'courses', 'lesson_progress', 'access_tokens')`.execute(
      ctx.db,
    );
    const type = (table: string, column: string) =>
      rows.rows.find((r) => r.table_name === table && r.column_name === column)?.data_type;
    expect(type('users', 'created_at')).toBe('timestamp with time zone');
    expect(type('sessions', 'start_time')).toBe('timestamp with time zone');
    expect(type('access_tokens', 'expires_at')).toBe('timestamp with time zone');
    expect(type('users', 'is_expert')).toBe('boolean');
    expect(type('courses', 'published')).toBe('boolean');
    expect(type('lesson_progress', 'completed')).toBe('boolean');
    expect(type('users', 'birthdate')).toBe('date');
  });
});

describe('isoTimestamp', () => {
  it.each([
    ['2026-11-23 09:30:00+00', '2026-11-23T09:30:00.000Z'],
    ['2026-11-23 09:30:00.123456+00', '2026-11-23T09:30:00.123Z'],
    ['2026-11-23 09:30:00.5+01', '2026-11-23T08:30:00.500Z'],
    ['2026-11-23 09:30:00+05:30', '2026-11-23T04:00:00.000Z'],
    ['2026-11-23 09:30:00', '2026-11-23T09:30:00.000Z'],
    ['infinity', 'infinity'],
  ])('%s → %s', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
  });
});
