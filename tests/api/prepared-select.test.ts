import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { preparedSelect, preparedSelectOn, preparedWrite, preparedWriteOn } from '../../server/src/db/prepared.js';
import { runtimeOf } from '../../server/src/db/index.js';
import { databases, useTestApp } from './helpers.js';

describe.each(databases)('reads compiled once per shape (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('runs with each call’s values, building the query once per shape (an in-list length is a shape)', async () => {
    const a = await ctx.user({ name: 'Anna' });
    const b = await ctx.user({ name: 'Bruno' });
    const c = await ctx.user({ name: 'Carla' });
    let builds = 0;
    const namesOf = preparedSelect(ctx.db, (ids: number[]) => {
      builds++;
      return ctx.db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).orderBy('name');
    });
    const names = async (ids: number[]) => (await namesOf(ids)).map((r) => r.name);

    expect(await names([a.id])).toEqual(['Anna']);
    expect(await names([c.id])).toEqual(['Carla']);
    expect(builds).toBe(1);
    expect(await names([c.id, a.id])).toEqual(['Anna', 'Carla']);
    expect(await names([b.id, c.id])).toEqual(['Bruno', 'Carla']);
    expect(builds).toBe(2);
  });

  it('keeps the values fixed when the query was built (a constant condition) beside the ones it is given', async () => {
    const expert = await ctx.user({ name: 'Elena', is_expert: 1 });
    await ctx.user({ name: 'Elena', is_expert: 0 });
    const expertsNamed = preparedSelect(ctx.db, (name: string, limit: number) =>
      ctx.db.selectFrom('users').select('id').where('is_expert', '=', 1).where('name', '=', name).limit(limit),
    );
    expect(await expertsNamed('Elena', 10)).toEqual([{ id: expert.id }]);
    expect(await expertsNamed('Nessuno', 10)).toEqual([]);
  });

  it('runs inside a transaction on the transaction itself (what it wrote is seen, then rolled back)', async () => {
    const countNamed = preparedSelectOn((db, name: string) =>
      db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('count'))
        .where('name', '=', name),
    );
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ name: 'Transitoria', surname: 'Prova', email: 'transitoria@example.com' })
          .execute();
        expect(Number((await countNamed(trx, 'Transitoria'))[0].count)).toBe(1);
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(Number((await countNamed(ctx.db, 'Transitoria'))[0].count)).toBe(0);
  });

  it('never reads the uncommitted rows of a transaction another request has open', async () => {
    const countNamed = preparedSelect(ctx.db, (name: string) =>
      ctx.db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('count'))
        .where('name', '=', name),
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ name: 'Invisibile', surname: 'Prova', email: 'invisibile@example.com' })
          .execute();
        inserted();
        await gate;
        throw new Error('rollback');
      })
      .catch(() => {});
    await didInsert;
    // On SQLite the one connection is the transaction's: the read waits for it to end.
    const read = countNamed('Invisibile');
    release();
    await transaction;
    expect(Number((await read)[0].count)).toBe(0);
  });

  it('refuses anything but a select', async () => {
    const rename = preparedSelect(
      ctx.db,
      (id: number) => ctx.db.updateTable('users').set({ name: 'X' }).where('id', '=', id) as never,
    );
    await expect(rename(1)).rejects.toThrow(/not one of SelectQueryNode/);
  });
});

describe.each(databases)('writes compiled once per shape (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('writes each call’s values, building once, and answers how many rows it changed', async () => {
    const a = await ctx.user({ name: 'Ada' });
    const b = await ctx.user({ name: 'Bea' });
    let builds = 0;
    const rename = preparedWrite(ctx.db, (name: string, id: number) => {
      builds++;
      return ctx.db.updateTable('users').set({ name }).where('id', '=', id);
    });
    expect(Number((await rename('Ada Due', a.id)).numAffectedRows)).toBe(1);
    expect(Number((await rename('Bea Due', b.id)).numAffectedRows)).toBe(1);
    expect(Number((await rename('Nessuno', 999_999)).numAffectedRows)).toBe(0);
    expect(builds).toBe(1);
    const names = await ctx.db
      .selectFrom('users')
      .select('name')
      .where('id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    expect(names.map((r) => r.name)).toEqual(['Ada Due', 'Bea Due']);
  });

  it('counts every run as a write of its table, so the caches built on it drop what they hold', async () => {
    const user = await ctx.user({ name: 'Cleo' });
    const writes = runtimeOf(ctx.db)!.writes;
    const rename = preparedWrite(ctx.db, (name: string, id: number) =>
      ctx.db.updateTable('users').set({ name }).where('id', '=', id),
    );
    await rename('Cleo Uno', user.id);
    const before = writes.versionOf(['users']);
    const untouched = writes.versionOf(['courses']);
    await rename('Cleo Due', user.id);
    expect(writes.versionOf(['users'])).toBeGreaterThan(before);
    expect(writes.versionOf(['courses'])).toBe(untouched);
  });

  it('runs inside a transaction on the transaction itself (rolled back with it)', async () => {
    const user = await ctx.user({ name: 'Dina' });
    const rename = preparedWriteOn((db, name: string, id: number) =>
      db.updateTable('users').set({ name }).where('id', '=', id),
    );
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await rename(trx, 'Dina Annullata', user.id);
        throw new Error('rollback');
      })
      .catch(() => {});
    const row = await ctx.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Dina');
    await rename(ctx.db, 'Dina Salvata', user.id);
    expect(
      (await ctx.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow()).name,
    ).toBe('Dina Salvata');
  });

  it('refuses a select', async () => {
    const read = preparedWrite(
      ctx.db,
      (id: number) => ctx.db.selectFrom('users').select('id').where('id', '=', id) as never,
    );
    await expect(read(1)).rejects.toThrow(/not one of InsertQueryNode/);
  });
});
