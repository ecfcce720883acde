import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, TeamRow } from '../../db/schema.js';
import type { AuthContext } from '../../access/can.js';
import type { TeamRelation } from './access.js';
import { countCacheOf } from '../../infra/count-cache.js';
import { rowCount } from '../../infra/row-counts.js';
import { ilike, type ListParams } from '../../http/listing.js';
import type { PastTeamMember, PersonSummary, TeamMember } from './schemas.js';
import { listPage, UnfilteredPages, type ListSpec } from '../list.js';
import { hasTeamLink } from '../sessions/team-links.js';
import { callerTeams } from './caller-teams.js';
import { isoNow, loadPeople, memberSince, personColumns, type Clock } from '../shared.js';
import { audit, changesBetween, idsChange, type ActorId, type AuditChanges } from '../audit/repository.js';
import { defineRepository } from '../registry.js';
import { deleteImages, insertImage, type StoredImage } from '../uploads/repository.js';

/** A team with what its summary shows: the coordinator and the member count. */
export type TeamWithRelations = TeamRow & { owner: PersonSummary | null };
/** A team with its summary relations and its members. */
export type TeamWithMembers = TeamWithRelations & { members: TeamMember[] };

export interface TeamValues {
  name?: string;
  description?: string | null;
  owner_id?: number | null;
  drive_url?: string | null;
}

/**
 * Removes members from a team and keeps each membership that ends, with when it ended: the
 * participation report of a period they were in the team still expects and counts them.
 */
async function endMemberships(
  trx: Transaction<Database>,
  teamId: number,
  userIds: number[],
  leftAt: string,
): Promise<void> {
  const ended = await trx
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.team_id', 'team_members.user_id', memberSince])
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', 'in', userIds)
    .execute();
  if (!ended.length) return;
  await trx
    .insertInto('past_team_members')
    .values(ended.map((membership) => ({ ...membership, left_at: leftAt })))
    .execute();
  await trx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', 'in', userIds).execute();
}

/** Every query on teams, their members and their logo. */
export function createTeamsRepository(db: Db, now: Clock) {
  /** Changes the team's members to `next(current)` in one transaction, recording the change. */
  /** `joinedAt`: when the added members joined (an instant); now when absent. */
  async function changeMembers(
    actorId: ActorId,
    teamId: number,
    next: (current: number[]) => number[],
    joinedAt?: string,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const current = (
        await trx.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute()
      ).map((m) => m.user_id);
      const wanted = [...new Set(next(current))];
      const change = idsChange(current, wanted);
      if (!change) return;
      const added = wanted.filter((id) => !current.includes(id));
      const removed = current.filter((id) => !wanted.includes(id));
      if (removed.length) await endMemberships(trx, teamId, removed, isoNow(now));
      if (added.length) {
        const joined = joinedAt ?? isoNow(now);
        await trx
          .insertInto('team_members')
          .values(added.map((user_id) => ({ team_id: teamId, user_id, joined_at: joined })))
          .execute();
      }
      // A date given with the addition is part of what was decided: the trail keeps it.
      const changes: AuditChanges = { members: change };
      if (added.length && joinedAt) changes.joined_at = [null, joinedAt];
      await audit(trx, now, { actorId, action: 'update', entityType: 'team', entityId: teamId, changes });
    });
  }

  const counts = countCacheOf(db);
  const unfilteredPages = new UnfilteredPages(db);
  const byName = (term: string) => ilike('teams.name', term);
  /** Kysely's builders never change: the list's base query is built once. */
  const listQuery = db.selectFrom('teams').selectAll('teams');
  const listSpec: ListSpec<Database, 'teams'> = {
    filters: { name: byName, search: byName },
    ids: 'teams.id',
    sort: { allowed: { created_at: 'teams.created_at', name: 'teams.name', id: 'teams.id' }, default: '-created_at' },
    tieBreaker: { column: 'teams.id' },
    counts,
    unfiltered: unfilteredPages,
    unfilteredCount: () => rowCount(db, 'teams'),
  };
  async function members(teamId: number): Promise<TeamMember[]> {
    return db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select([...personColumns, memberSince])
      .where('team_members.team_id', '=', teamId)
      .orderBy('users.surname')
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
  }

  /** The coordinators: one query for the whole page (the member count is the team's own column). */
  async function withRelations(rows: TeamRow[]): Promise<TeamWithRelations[]> {
    if (!rows.length) return [];
    const owners = await loadPeople(
      db,
      rows.map((r) => r.owner_id).filter((id): id is number => id !== null),
    );
    // The rows are this read's own: the coordinator goes onto them rather than onto copies.
    return rows.map((t) => Object.assign(t, { owner: t.owner_id !== null ? (owners.get(t.owner_id) ?? null) : null }));
  }

  async function findById(id: number): Promise<TeamRow | undefined> {
    return db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  return {
    findById,
    members,

    /** Who left the team, once per stay, the latest departure first. */
    async pastMembers(teamId: number): Promise<PastTeamMember[]> {
      return db
        .selectFrom('past_team_members')
        .innerJoin('users', 'users.id', 'past_team_members.user_id')
        .select([...personColumns, 'past_team_members.joined_at', 'past_team_members.left_at'])
        .where('past_team_members.team_id', '=', teamId)
        .orderBy('past_team_members.left_at', 'desc')
        .orderBy('past_team_members.id', 'desc')
        .execute();
    },

    /** `filter[name]`, `filter[search]` (both on the name), `filter[id]`; newest first by default. */
    async list(params: ListParams) {
      const { rows, meta } = await listPage(listQuery, params, listSpec);
      return { rows: await withRelations(rows), meta };
    },

    /** The team with coordinator, member count and members; undefined when it does not exist. */
    async findDetail(id: number): Promise<TeamWithMembers | undefined> {
      const team = await findById(id);
      if (!team) return undefined;
      const [[summary], people] = await Promise.all([withRelations([team]), members(id)]);
      return { ...summary, members: people };
    },

    /** Whether another team (not `exceptId`) already has this name, whatever its case. */
    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      let same = db
        .selectFrom('teams')
        .select('id')
        .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
      if (exceptId !== null) same = same.where('id', '<>', exceptId);
      return Boolean(await same.executeTakeFirst());
    },

    /** Which of the ids are existing teams. */
    async existingIds(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      return (await db.selectFrom('teams').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
    },

    async create(actorId: ActorId, values: TeamValues & { name: string }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = {
          name: values.name,
          description: values.description ?? null,
          owner_id: values.owner_id ?? null,
          drive_url: values.drive_url ?? null,
        };
        const created = await trx
          .insertInto('teams')
          .values({ ...row, created_at: isoNow(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'create',
          entityType: 'team',
          entityId: created.id,
          changes: changesBetween(null, row),
        });
        return created.id;
      });
    },

    /** Changes the given fields only. */
    async update(actorId: ActorId, id: number, values: TeamValues): Promise<void> {
      const { name, description, owner_id, drive_url } = values;
      const update = Object.fromEntries(
        Object.entries({ name, description, owner_id, drive_url }).filter(([, v]) => v !== undefined),
      );
      if (!Object.keys(update).length) return;
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
        await trx.updateTable('teams').set(update).where('id', '=', id).execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'team',
          entityId: id,
          changes: changesBetween(before, { ...before, ...update }, Object.keys(update)),
        });
      });
    },

    /** Stores the new logo and removes the one it replaces, in one transaction. */
    async setAvatar(actorId: ActorId, id: number, image: StoredImage): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Lock the row first, so that of two uploads at once each removes the logo it really replaced.
        await trx
          .updateTable('teams')
          .set((eb) => ({ avatar: eb.ref('avatar') }))
          .where('id', '=', id)
          .execute();
        const before = await trx.selectFrom('teams').select('avatar').where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const avatar = image.path;
        await insertImage(trx, now, image);
        await trx.updateTable('teams').set({ avatar }).where('id', '=', id).execute();
        await deleteImages(trx, [before.avatar]);
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'team',
          entityId: id,
          changes: changesBetween(before, { avatar }, ['avatar']),
        });
      });
    },

    /** Deletes the team and the sessions that belonged to it alone. */
    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const members = (
          await trx.selectFrom('team_members').select('user_id').where('team_id', '=', id).execute()
        ).map((m) => m.user_id);
        // Sessions that belonged to this team alone would otherwise become "valid for every team".
        const ownSessions = await trx
          .deleteFrom('sessions')
          .where((eb) => eb.and([hasTeamLink(eb, { op: '=', id }), eb.not(hasTeamLink(eb, { op: '<>', id }))]))
          .returning('id')
          .execute();
        await trx.deleteFrom('teams').where('id', '=', id).execute();
        await deleteImages(trx, [before.avatar]);
        const changes = changesBetween(before, null, ['name', 'description', 'avatar', 'drive_url', 'owner_id']);
        if (members.length) changes.members = [members.sort((a, b) => a - b), []];
        if (ownSessions.length) changes.sessions = [ownSessions.map((s) => s.id).sort((a, b) => a - b), []];
        await audit(trx, now, { actorId, action: 'delete', entityType: 'team', entityId: id, changes });
      });
    },

    /** Adds a member who joined at `joinedAt` (an instant), or now; an existing member keeps their date. */
    async addMember(actorId: ActorId, teamId: number, userId: number, joinedAt?: string): Promise<void> {
      await changeMembers(actorId, teamId, (current) => [...current, userId], joinedAt);
    },

    async removeMember(actorId: ActorId, teamId: number, userId: number): Promise<void> {
      await changeMembers(actorId, teamId, (current) => current.filter((id) => id !== userId));
    },

    /** Sets when a member joined the team (`joinedAt`, an instant); false when they are not a member. */
    async setJoinedAt(actorId: ActorId, teamId: number, userId: number, joinedAt: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('team_members')
          .innerJoin('teams', 'teams.id', 'team_members.team_id')
          .select(memberSince)
          .where('team_members.team_id', '=', teamId)
          .where('team_members.user_id', '=', userId)
          .executeTakeFirst();
        if (!member) return false;
        if (member.joined_at === joinedAt) return true;
        // The member's id is in the record both before and after: it says whose date changed.
        await trx
          .updateTable('team_members')
          .set({ joined_at: joinedAt })
          .where('team_id', '=', teamId)
          .where('user_id', '=', userId)
          .execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'team',
          entityId: teamId,
          changes: { user_id: [userId, userId], joined_at: [member.joined_at, joinedAt] },
        });
        return true;
      });
    },

    /** How the caller relates to the team, or undefined when the team does not exist. */
    async relationOf(auth: AuthContext, teamId: number): Promise<TeamRelation | undefined> {
      const row = await db
        .selectFrom('teams')
        .select((eb) => [
          'teams.owner_id',
          eb
            .exists(
              eb
                .selectFrom('team_members')
                .select(sql.lit(1).as('one'))
                .where('team_members.team_id', '=', teamId)
                .where('team_members.user_id', '=', auth.userId),
            )
            .as('is_member'),
          eb
            .exists(
              eb
                .selectFrom('expert_teams')
                .select(sql.lit(1).as('one'))
                .where('expert_teams.team_id', '=', teamId)
                .where('expert_teams.user_id', '=', auth.userId),
            )
            .as('is_followed'),
        ])
        .where('teams.id', '=', teamId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        member: Boolean(row.is_member) || row.owner_id === auth.userId,
        followingExpert: auth.isExpert && (auth.expertAccess === 'complete' || Boolean(row.is_followed)),
      };
    },

    /** Ids of the teams the caller belongs to (member or coordinator) and, for experts, follows. */
    callerTeams: (auth: AuthContext) => callerTeams(db, auth),
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;

declare module '../registry.js' {
  interface Repositories {
    teams: TeamsRepository;
  }
}
export const repository = defineRepository('teams', createTeamsRepository);
