import type { Db } from '../../server/src/db/index.js';
import type { TestContext } from './helpers.js';

/** Direct database fixtures for the back-office API tests (teams, sessions, experts). */

let teamCounter = 0;
export async function makeTeam(
  db: Db,
  values: { name?: string; owner_id?: number | null; created_at?: string; description?: string } = {},
) {
  const n = ++teamCounter;
  const row = await db
    .insertInto('teams')
    .values({
      name: values.name ?? `Team ${n}`,
      description: values.description ?? null,
      owner_id: values.owner_id ?? null,
      created_at: values.created_at ?? new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member since the team's creation. */
export async function addMember(db: Db, teamId: number, userId: number) {
  const { created_at } = await db
    .selectFrom('teams')
    .select('created_at')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  await db.insertInto('team_members').values({ team_id: teamId, user_id: userId, joined_at: created_at }).execute();
}

let sessionCounter = 0;
export async function makeSession(
  db: Db,
  values: {
    name?: string;
    start_time?: string;
    end_time?: string | null;
    description?: string;
    teams?: number[];
    experts?: number[];
    type?: 'meet' | 'other';
  } = {},
) {
  const n = ++sessionCounter;
  const row = await db
    .insertInto('sessions')
    .values({
      name: values.name ?? `Sessione ${n}`,
      type: values.type ?? 'meet',
      description: values.description ?? 'Descrizione',
      start_time: values.start_time ?? new Date(Date.UTC(2025, 5, 1, 9, 0, n)).toISOString(),
      end_time: values.end_time ?? null,
      join_instructions: 'Entra dal link',
      join_url: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const team_id of values.teams ?? [])
    await db.insertInto('session_teams').values({ session_id: row.id, team_id }).execute();
  for (const user_id of values.experts ?? [])
    await db.insertInto('session_experts').values({ session_id: row.id, user_id }).execute();
  return row.id;
}

export async function makeExpert(
  ctx: TestContext,
  access: 'complete' | 'limited',
  teams: number[] = [],
  permissions: string[] = [],
) {
  const user = await ctx.user({ is_expert: 1, expert_access: access }, permissions);
  for (const team_id of teams) await ctx.db.insertInto('expert_teams').values({ user_id: user.id, team_id }).execute();
  return user;
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
