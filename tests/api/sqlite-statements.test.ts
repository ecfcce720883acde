import { afterAll, describe, expect, it } from 'vitest';
import { SQLite } from '../../server/src/db/sqlite-driver.js';
import { rowBuilder, statementCache } from '../../server/src/db/sqlite-statements.js';

/** The cached statements answer exactly the rows the driver's own objects would. */
describe('SQLite statements built into rows by column', () => {
  const sqlite = new SQLite(':memory:');
  const prepared = statementCache(sqlite);
  afterAll(() => sqlite.close());
  sqlite.exec(
    `create table people (id integer primary key, name text, "full name" text, "quo""te" text, photo blob, score real)`,
  );
  sqlite
    .prepare(`insert into people (name, "full name", "quo""te", photo, score) values (?, ?, ?, ?, ?)`)
    .run('Anna', 'Anna Alfieri', 'x', Buffer.from([1, 2]), 1.5);
  sqlite
    .prepare(`insert into people (name, "full name", "quo""te", photo, score) values (?, ?, ?, ?, ?)`)
    .run('Bruno', null, null, null, null);

  const queries: Array<[string, unknown[]]> = [
    ['select * from people order by id', []],
    ['select id, name as "a", "full name" as "a" from people where id = ?', [1]],
    ['select count(*) as count, max(score) from people', []],
    ['select * from people where id in (?, ?) order by name desc', [2, 1]],
    ['select * from people where id = ?', [99]],
  ];

  it.each(queries)('%s', (text, parameters) => {
    const rows = prepared(text).all(parameters);
    expect(rows).toStrictEqual(sqlite.prepare(text).all(parameters));
    for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    // The same statement again, from the cache.
    expect(prepared(text)).toBe(prepared(text));
    expect(prepared(text).all(parameters)).toStrictEqual(rows);
    expect([...prepared(text).iterate(parameters)]).toStrictEqual(rows);
  });

  it('keeps writes and the rows they return', () => {
    const insert = prepared(`insert into people (name) values (?) returning id, name`);
    expect(insert.reader).toBe(true);
    expect(insert.all(['Carla'])).toStrictEqual([{ id: 3, name: 'Carla' }]);
    const update = prepared(`update people set score = ? where name = ?`);
    expect(update.reader).toBe(false);
    expect(update.run([2, 'Carla'])).toMatchObject({ changes: 1 });
  });

  it("leaves a column named __proto__ to the driver's objects rather than set a prototype", () => {
    expect(rowBuilder(['id', '__proto__'])).toBeNull();
    const text = `select 1 as id, 'x' as "__proto__"`;
    const [row] = prepared(text).all([]) as object[];
    expect(row).toStrictEqual(sqlite.prepare(text).get());
    expect(Object.getPrototypeOf(row)).toBe(Object.getPrototypeOf(sqlite.prepare(text).get()));
  });
});
