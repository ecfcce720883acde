import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { countCacheOf } from '../../infra/count-cache.js';
import { ilike, type ListParams } from '../../http/listing.js';
import { userSearch } from '../../http/search-filters.js';
import type { ExpertAccess } from './schemas.js';
import { listPage } from '../list.js';
import { groupBy, isoNow, type Clock } from '../shared.js';
import { audit, idsChange, type AuditChanges, type ActorId } from '../audit/repository.js';
import { USER_SORTS } from '../users/repository.js';
import { defineRepository } from '../registry.js';
import { extend } from '../../infra/objects.js';

/** An expert (a user with is_expert) with the teams a limited expert follows. */
export type ExpertWithTeams = UserRow & { teams: Array<{ id: number; name: string }> };

/** Every query on experts: users flagged is_expert, their access and the teams they follow. */
export function createExpertsRepository(db: Db, now: Clock) {
  const counts = countCacheOf(db);

  /** The teams each expert follows: one query for the whole page. */
  async function withTeams(rows: UserRow[]): Promise<ExpertWithTeams[]> {
    if (!rows.length) return [];
    const teams = await db
      .selectFrom('expert_teams')
      .innerJoin('teams', 'teams.id', 'expert_teams.team_id')
      .select(['expert_teams.user_id', 'teams.id', 'teams.name'])
      .where(
        'expert_teams.user_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('teams.name')
      .execute();
    const teamsOf = groupBy(teams, (t) => t.user_id);
    return rows.map((u) => extend(u, { teams: (teamsOf.get(u.id) ?? []).map(({ id, name }) => ({ id, name })) }));
  }

  async function findById(id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).where('is_expert', '=', 1).executeTakeFirst();
  }

  return {
    findById,

    /** `filter[search]` (like users), `filter[name]`, `filter[id]`; newest first by default. */
    async list(params: ListParams) {
      const { rows, meta } = await listPage(
        db.selectFrom('users').selectAll('users').where('users.is_expert', '=', 1),
        params,
        {
          filters: { search: userSearch, name: (term) => ilike('users.name', term) },
          ids: 'users.id',
          sort: { allowed: USER_SORTS, default: '-created_at' },
          tieBreaker: { column: 'users.id' },
          counts,
        },
      );
      return { rows: await withTeams(rows), meta };
    },

    /** The expert with the teams they follow; undefined when the user is missing or not an expert. */
    async findDetail(id: number): Promise<ExpertWithTeams | undefined> {
      const user = await findById(id);
      return user ? (await withTeams([user]))[0] : undefined;
    },

    /** Makes the user an expert with this access; `teams` replaces the followed teams. */
    async save(actorId: ActorId, userId: number, access: ExpertAccess, teams: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['is_expert', 'expert_access'])
          .where('id', '=', userId)
          .executeTakeFirst();
        const followed = (
          await trx.selectFrom('expert_teams').select('team_id').where('user_id', '=', userId).execute()
        ).map((t) => t.team_id);
        await trx
          .updateTable('users')
          .set({ is_expert: 1, expert_access: access, updated_at: isoNow(now) })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('expert_teams').where('user_id', '=', userId).execute();
        if (teams.length)
          await trx
            .insertInto('expert_teams')
            .values(teams.map((team_id) => ({ user_id: userId, team_id })))
            .execute();
        const wasExpert = Boolean(before?.is_expert);
        const changes: AuditChanges = {};
        if (!wasExpert || before?.expert_access !== access)
          changes.expert_access = [wasExpert ? (before?.expert_access ?? null) : null, access];
        const teamChange = idsChange(followed, teams);
        if (teamChange) changes.teams = teamChange;
        await audit(trx, now, {
          actorId,
          action: wasExpert ? 'update' : 'create',
          entityType: 'expert',
          entityId: userId,
          changes,
        });
      });
    },

    /** Turns the user back into a non-expert, off every team and session; the user itself stays. */
    async remove(actorId: ActorId, userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select('expert_access')
          .where('id', '=', userId)
          .executeTakeFirst();
        const [followed, sessions] = await Promise.all([
          trx.selectFrom('expert_teams').select('team_id').where('user_id', '=', userId).execute(),
          trx.selectFrom('session_experts').select('session_id').where('user_id', '=', userId).execute(),
        ]);
        const changes: AuditChanges = { expert_access: [before?.expert_access ?? null, null] };
        if (followed.length) changes.teams = [followed.map((t) => t.team_id).sort((a, b) => a - b), []];
        if (sessions.length) changes.sessions = [sessions.map((s) => s.session_id).sort((a, b) => a - b), []];
        await audit(trx, now, { actorId, action: 'delete', entityType: 'expert', entityId: userId, changes });
        await trx.deleteFrom('expert_teams').where('user_id', '=', userId).execute();
        await trx.deleteFrom('session_experts').where('user_id', '=', userId).execute();
        await trx
          .updateTable('users')
          .set({ is_expert: 0, expert_access: null, updated_at: isoNow(now) })
          .where('id', '=', userId)
          .execute();
      });
    },
  };
}

export type ExpertsRepository = ReturnType<typeof createExpertsRepository>;

declare module '../registry.js' {
  interface Repositories {
    experts: ExpertsRepository;
  }
}
export const repository = defineRepository('experts', createExpertsRepository);
