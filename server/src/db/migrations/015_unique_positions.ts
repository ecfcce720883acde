import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

const ORDERS = [
  { table: 'modules', parent: 'course_id', index: 'modules_course_position_unique' },
  { table: 'lessons', parent: 'module_id', index: 'lessons_module_position_unique' },
] as const;

/**
 * One module per place in a course and one lesson per place in a module, held by the database
 * itself: the API refuses a taken place, but two saves at once could both pass that check. Places
 * shared before this are spread out first, keeping the order the portal showed (by place, then by
 * creation): each one after the first moves to the next free number, pushing the later ones along
 * only as far as needed.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const { table, parent, index } of ORDERS) {
    const shared = db
      .selectFrom(table)
      .select(parent)
      .groupBy([parent, 'position'])
      .having((eb) => eb.fn.countAll(), '>', 1);
    const rows: Array<{ id: number; parent: number; position: number }> = await db
      .selectFrom(table)
      .select(['id', `${parent} as parent`, 'position'])
      .where(parent, 'in', shared)
      .orderBy(parent)
      .orderBy('position')
      .orderBy('id')
      .execute();
    let previous: { parent: number; position: number } | undefined;
    for (const row of rows) {
      const position = previous?.parent === row.parent ? Math.max(row.position, previous.position + 1) : row.position;
      if (position !== row.position) await db.updateTable(table).set({ position }).where('id', '=', row.id).execute();
      previous = { parent: row.parent, position };
    }
    await db.schema.createIndex(index).unique().on(table).columns([parent, 'position']).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const { index } of ORDERS) await db.schema.dropIndex(index).execute();
}
