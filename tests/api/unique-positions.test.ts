import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/src/db/index.js';
import { databases, isolatedDb, migrateUpTo } from './helpers.js';

/**
 * One module per place in a course and one lesson per place in a module, held by unique indexes.
 * Places shared before them are spread out, keeping the order the portal showed (by place, then by
 * creation) and moving nothing that did not have to move.
 */
describe.each(databases)('unique places of modules and lessons (%s)', (kind) => {
  it('spreads shared places in the order shown, then refuses a second one at a place', async () => {
    const { db } = await isolatedDb(kind);
    try {
      await migrateUpTo(db, '014_membership_dates');
      const course = async (name: string) =>
        (await db.insertInto('courses').values({ name, description: name }).returning('id').executeTakeFirstOrThrow())
          .id;
      const shared = await course('Condiviso');
      const tidy = await course('In ordine');
      const module = async (courseId: number, name: string, position: number) =>
        (
          await db
            .insertInto('modules')
            .values({ course_id: courseId, name, position })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      // Course "Condiviso": A 1, B 1, C 2, D 10, E 10, F 11 (in creation order).
      for (const [name, position] of [
        ['A', 1],
        ['B', 1],
        ['C', 2],
        ['D', 10],
        ['E', 10],
        ['F', 11],
      ] as const)
        await module(shared, name, position);
      // Course "In ordine" has gaps and no shared place: untouched.
      for (const [name, position] of [
        ['X', 5],
        ['Y', 1],
      ] as const)
        await module(tidy, name, position);
      const lessonsOf = await module(tidy, 'Lezioni', 9);
      for (const [name, position] of [
        ['L1', 3],
        ['L2', 3],
        ['L3', 3],
      ] as const) {
        await db
          .insertInto('lessons')
          .values({ module_id: lessonsOf, name, position, video_url: 'https://example.test/v.mp4' })
          .execute();
      }

      await migrateToLatest(db);
      const places = async (table: 'modules' | 'lessons', parent: 'course_id' | 'module_id', id: number) =>
        (
          await db.selectFrom(table).select(['name', 'position']).where(parent, '=', id).orderBy('position').execute()
        ).map((r) => `${r.position} ${r.name}`);
      expect(await places('modules', 'course_id', shared)).toEqual(['1 A', '2 B', '3 C', '10 D', '11 E', '12 F']);
      expect(await places('modules', 'course_id', tidy)).toEqual(['1 Y', '5 X', '9 Lezioni']);
      expect(await places('lessons', 'module_id', lessonsOf)).toEqual(['3 L1', '4 L2', '5 L3']);

      await expect(module(shared, 'Doppione', 2)).rejects.toMatchObject({
        code: kind === 'postgres' ? '23505' : 'SQLITE_CONSTRAINT_UNIQUE',
      });
      await expect(
        db
          .insertInto('lessons')
          .values({ module_id: lessonsOf, name: 'Doppione', position: 4, video_url: 'https://example.test/v.mp4' })
          .execute(),
      ).rejects.toThrow();
      // The same place in another parent is free.
      await module(tidy, 'Altrove', 2);
    } finally {
      await db.destroy();
    }
  });
});
