import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPostgresDb } from '../../server/src/db/index.js';
import { ilike } from '../../server/src/http/listing.js';
import { userSearch } from '../../server/src/http/search-filters.js';
import { databases, useTestApp } from './helpers.js';

/**
 * Search as an Italian reads, the same on both databases: case and accents do not matter
 * ("universita" ~ "UNIVERSITÀ" ~ "Università", "è" ~ "é" ~ "e"), in every searchable list, and
 * the search is answered from an index (FTS5 on SQLite, pg_trgm on PostgreSQL).
 */
describe.each(databases)('accent- and case-insensitive search (%s)', (kind) => {
  const ctx = useTestApp(kind);
  let headers: Record<string, string>;

  beforeAll(async () => {
    const admin = await ctx.user({}, [
      'read_teams',
      'read_sessions',
      'read_roles',
      'read_users',
      'read_experts',
      'read_courses',
    ]);
    headers = admin.headers;
    await ctx.db
      .insertInto('teams')
      .values([
        { name: 'Università ÈTICA Ölwerk' },
        { name: 'Perché no' },
        { name: 'Caffè Società' },
        { name: 'Sconto 100%_pieno' },
        { name: 'Altro team' },
      ])
      .execute();
    await ctx.db
      .insertInto('users')
      .values([
        {
          name: 'Niccolò',
          surname: 'Àlberti',
          email: 'niccolo.alberti@example.test',
          tax_id: 'LBRNCC80A01H501U',
          is_expert: 1,
        },
        { name: 'José', surname: 'Perè', email: 'jose@example.test', tax_id: null, is_expert: 0 },
      ])
      .execute();
    await ctx.db
      .insertInto('sessions')
      .values({
        name: 'Qualità del prodotto',
        type: 'other',
        description: 'Cosa è la qualità?',
        start_time: '2026-12-01T09:00:00.000Z',
        join_instructions: '',
      })
      .execute();
    await ctx.db.insertInto('roles').values({ name: 'Responsabilità sociale', description: 'x' }).execute();
    const course = await ctx.db
      .insertInto('courses')
      .values({ name: 'Economia è società', description: 'x', published: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const module = await ctx.db
      .insertInto('modules')
      .values({ course_id: course.id, name: 'Perché innovare', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('lessons')
      .values({ module_id: module.id, position: 1, name: 'Città e comunità', video_url: 'https://example.test/v.mp4' })
      .execute();
  });

  async function names(url: string, key = 'name'): Promise<string[]> {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return (res.json().data as Array<Record<string, string>>).map((row) => row[key]);
  }

  const teamSearch = (term: string) => names(`/api/teams?filter[search]=${encodeURIComponent(term)}`);

  it.each([
    ['ètica', 'Università ÈTICA Ölwerk'],
    ['ÈTICA', 'Università ÈTICA Ölwerk'],
    ['etica', 'Università ÈTICA Ölwerk'],
    ['universita', 'Università ÈTICA Ölwerk'],
    ['UNIVERSITÀ', 'Università ÈTICA Ölwerk'],
    ['Università', 'Università ÈTICA Ölwerk'],
    ['università étíca', 'Università ÈTICA Ölwerk'],
    ['olwerk', 'Università ÈTICA Ölwerk'],
    ['perche', 'Perché no'],
    ['PERCHÈ', 'Perché no'],
    ['perché', 'Perché no'],
    ['caffe societa', 'Caffè Società'],
    ['tà', 'Università ÈTICA Ölwerk'],
  ])('a team search for "%s" finds "%s"', async (term, expected) => {
    expect(await teamSearch(term)).toContain(expected);
    expect(await names(`/api/teams?filter[name]=${encodeURIComponent(term)}`)).toContain(expected);
  });

  it('finds only what contains the term, wildcards included literally', async () => {
    expect(await teamSearch('etica')).toEqual(['Università ÈTICA Ölwerk']);
    expect(await teamSearch('100%_')).toEqual(['Sconto 100%_pieno']);
    expect(await teamSearch('%')).toEqual(['Sconto 100%_pieno']);
    expect(await teamSearch('_')).toEqual(['Sconto 100%_pieno']);
    expect(await teamSearch('zzz')).toEqual([]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/teams?filter[search]=universita', headers });
    expect(res.json().meta.total).toBe(1);
  });

  it('people: name, surname, either order, e-mail and tax id, without accents', async () => {
    for (const term of ['niccolo', 'ALBERTI', 'niccolo alberti', 'Àlberti Niccolò', 'niccolo.alberti@', 'lbrncc80']) {
      expect(await names(`/api/users?filter[search]=${encodeURIComponent(term)}`), term).toContain('Niccolò');
    }
    expect(await names(`/api/users?filter[search]=${encodeURIComponent('jose pere')}`)).toEqual(['José']);
    expect(await names(`/api/experts?filter[search]=${encodeURIComponent('alberti')}`)).toEqual(['Niccolò']);
    expect(await names(`/api/experts?filter[name]=${encodeURIComponent('NICCOLO')}`)).toEqual(['Niccolò']);
  });

  it('sessions and roles', async () => {
    expect(await names(`/api/sessions?filter[search]=${encodeURIComponent('qualita')}`)).toEqual([
      'Qualità del prodotto',
    ]);
    expect(await names(`/api/sessions?filter[search]=${encodeURIComponent('COSA E LA')}`)).toEqual([
      'Qualità del prodotto',
    ]);
    expect(await names(`/api/roles?filter[name]=${encodeURIComponent('responsabilita')}`)).toEqual([
      'Responsabilità sociale',
    ]);
  });

  it('courses, modules and lessons (the condition their lists filter by name with)', async () => {
    const find = async (table: 'courses' | 'modules' | 'lessons', term: string) =>
      (
        await ctx.db
          .selectFrom(table)
          .select('name')
          .where(ilike(`${table}.name`, term))
          .execute()
      ).map((r) => r.name);
    expect(await find('courses', 'economia e societa')).toEqual(['Economia è società']);
    expect(await find('modules', 'PERCHE')).toEqual(['Perché innovare']);
    expect(await find('lessons', 'citta e comunita')).toEqual(['Città e comunità']);
  });

  it('keeps the index in step with renames and deletions', async () => {
    const team = await ctx.db
      .insertInto('teams')
      .values({ name: 'Vecchio Nome' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await teamSearch('vecchio')).toEqual(['Vecchio Nome']);
    await ctx.db.updateTable('teams').set({ name: 'Nuovo Nomè' }).where('id', '=', team.id).execute();
    expect(await teamSearch('vecchio')).toEqual([]);
    expect(await teamSearch('nuovo nome')).toEqual(['Nuovo Nomè']);
    await ctx.db.deleteFrom('teams').where('id', '=', team.id).execute();
    expect(await teamSearch('nuovo nome')).toEqual([]);
  });

  it('is answered from an index, not by scanning the table', async () => {
    const plan = async (query: CompiledQuery): Promise<string> => {
      if (!isPostgresDb(ctx.db)) {
        const rows = await ctx.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        return rows.rows.map((r) => r.detail).join('\n');
      }
      let shown = '';
      await ctx.db
        .transaction()
        .execute(async (trx) => {
          // Tiny tables: forbid the sequential scan so the plan shows whether the index can serve,
          // and drop (rolled back below) the sorting index a whole scan of which could stand in.
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`drop index teams_name_id_idx`.execute(trx);
          const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
          );
          shown = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
          throw new Error('roll back');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'roll back')) throw error;
        });
      return shown;
    };
    const teams = await plan(
      ctx.db.selectFrom('teams').select('id').where(ilike('teams.name', 'università')).compile(),
    );
    const people = await plan(ctx.db.selectFrom('users').select('id').where(userSearch('niccolo alberti')).compile());
    if (kind === 'sqlite') {
      expect(teams).toMatch(/search_teams VIRTUAL TABLE/);
      expect(people).toMatch(/search_users VIRTUAL TABLE/);
      // The four columns of a person are searched with one query of the index, not four.
      expect(people.match(/search_users VIRTUAL TABLE/g)).toHaveLength(1);
    } else {
      expect(teams).toMatch(/teams_name_search_idx/);
      for (const index of [
        'users_email_search_idx',
        'users_tax_id_search_idx',
        'users_full_name_search_idx',
        'users_full_name_reversed_search_idx',
      ]) {
        expect(people).toContain(index);
      }
    }
  });
});
