import { sql } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index.js';
import type { SessionRow } from '../../db/schema.js';
import type { AuthContext } from '../../access/can.js';
import type { SessionRelation } from './access.js';
import { countCacheOf } from '../../infra/count-cache.js';
import { rowCount } from '../../infra/row-counts.js';
import { ilike, WHOLE_LIST_PER_PAGE, type ListParams } from '../../http/listing.js';
import type { PersonSummary } from '../teams/schemas.js';
import { listPage } from '../list.js';
import { groupBy, isoNow, personColumns, type Clock } from '../shared.js';
import { callerTeams } from '../teams/caller-teams.js';
import { ofTeam, type SessionsWhere } from './team-links.js';
import { audit, changesBetween, idsChange, type ActorId } from '../audit/repository.js';
import { defineRepository } from '../registry.js';
import { extend } from '../../infra/objects.js';

/** Longest a session may run and still count as upcoming while it is in progress. */
const MAX_SESSION_MS = 24 * 3600 * 1000;

/**
 * Sessions that have not ended at `atMs`: future ones, and ones in progress (end_time still
 * ahead). The lower bound on start_time keeps the condition on the start_time index.
 */
function notEnded(atMs: number) {
  const now = new Date(atMs).toISOString();
  const earliest = new Date(atMs - MAX_SESSION_MS).toISOString();
  return (eb: SessionsWhere) =>
    eb.and([
      eb('sessions.start_time', '>=', earliest),
      eb.or([eb('sessions.start_time', '>=', now), eb('sessions.end_time', '>=', now)]),
    ]);
}

const SESSION_SORTS = {
  start_time: 'sessions.start_time',
  name: 'sessions.name',
  created_at: 'sessions.created_at',
  id: 'sessions.id',
};

/** One attendance of a session as stored, with the matched user's name when there is one. */
export interface AttendanceRecord {
  id: number;
  session_id: number;
  user_id: number | null;
  raw_name: string | null;
  raw_email: string | null;
  joined_at: string | null;
  left_at: string | null;
  user_name: string | null;
  user_surname: string | null;
  user_email: string | null;
}

/** A session with its teams, its experts and, when asked, its attendances. */
export type SessionWithRelations = SessionRow & {
  teams: Array<{ id: number; name: string; avatar: string | null }>;
  experts: PersonSummary[];
  attendances?: AttendanceRecord[];
};

export interface SessionOptions {
  /** Load the attendances too (back-office data). */
  attendances?: boolean;
}

/** The stored fields of a session. */
export interface SessionValues {
  name: string;
  type: SessionRow['type'];
  description: string;
  start_time: string;
  end_time: string | null;
  join_instructions: string;
  join_url: string | null;
}

/** The fields of a session the audit trail records. */
const AUDITED_FIELDS = [
  'name',
  'type',
  'description',
  'start_time',
  'end_time',
  'join_instructions',
  'join_url',
] as const;

/** Every query on sessions, their teams, experts and attendances. */
export function createSessionsRepository(db: Db, now: Clock) {
  const postgres = isPostgresDb(db);
  /** Sessions attached to the team, plus those attached to no team (valid for every team). */
  const sessionsOfTeam = (teamId: number) => (eb: SessionsWhere) => ofTeam(eb, teamId, postgres);

  const counts = countCacheOf(db);

  async function attendancesOf(sessionIds: number[]): Promise<Map<number, AttendanceRecord[]>> {
    if (!sessionIds.length) return new Map();
    const rows = await db
      .selectFrom('attendances')
      .leftJoin('users', 'users.id', 'attendances.user_id')
      .select([
        'attendances.id',
        'attendances.session_id',
        'attendances.user_id',
        'attendances.name as raw_name',
        'attendances.email as raw_email',
        'attendances.joined_at',
        'attendances.left_at',
        'users.name as user_name',
        'users.surname as user_surname',
        'users.email as user_email',
      ])
      .where('attendances.session_id', 'in', sessionIds)
      .orderBy('attendances.joined_at')
      .orderBy('attendances.id')
      .execute();
    return groupBy(rows, (r) => r.session_id);
  }

  /** Teams and experts (and attendances when asked): one query per relation for the page. */
  async function withRelations(rows: SessionRow[], options: SessionOptions = {}): Promise<SessionWithRelations[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [teams, experts, attendances] = await Promise.all([
      db
        .selectFrom('session_teams')
        .innerJoin('teams', 'teams.id', 'session_teams.team_id')
        .select(['session_teams.session_id', 'teams.id', 'teams.name', 'teams.avatar'])
        .where('session_teams.session_id', 'in', ids)
        .orderBy('teams.name')
        .orderBy('teams.id')
        .execute(),
      db
        .selectFrom('session_experts')
        .innerJoin('users', 'users.id', 'session_experts.user_id')
        .select(['session_experts.session_id', ...personColumns])
        .where('session_experts.session_id', 'in', ids)
        .orderBy('users.surname')
        .orderBy('users.name')
        .orderBy('users.id')
        .execute(),
      options.attendances ? attendancesOf(ids) : Promise.resolve(null),
    ]);
    const teamsOf = groupBy(teams, (t) => t.session_id);
    const expertsOf = groupBy(experts, (e) => e.session_id);
    return rows.map((s) => {
      const session: SessionWithRelations = extend(s, {
        teams: (teamsOf.get(s.id) ?? []).map(({ id, name, avatar }) => ({ id, name, avatar })),
        experts: (expertsOf.get(s.id) ?? []).map(({ id, name, surname, email, mobile, avatar }) => ({
          id,
          name,
          surname,
          email,
          mobile,
          avatar,
        })),
      });
      if (attendances) session.attendances = attendances.get(s.id) ?? [];
      return session;
    });
  }

  async function findById(id: number): Promise<SessionRow | undefined> {
    return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Ids of the teams the session is attached to (none: valid for every team). */
  async function teamIdsOf(sessionId: number): Promise<number[]> {
    return (await db.selectFrom('session_teams').select('team_id').where('session_id', '=', sessionId).execute()).map(
      (t) => t.team_id,
    );
  }

  /** How many sessions a team sees (its links and the sessions for every team, both from indexes). */
  async function countForTeam(teamId: number): Promise<number> {
    const row = await db
      .selectFrom('sessions')
      .select(sql<number>`count(*)`.as('count'))
      .where(sessionsOfTeam(teamId))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  const repository = {
    findById,
    teamIdsOf,
    withRelations,

    /** `filter[search]` (name or description), `filter[name]`, `filter[id]`; latest start first by default. */
    async list(params: ListParams, options: SessionOptions = {}) {
      const { rows, meta } = await listPage(db.selectFrom('sessions').selectAll('sessions'), params, {
        filters: {
          search: (term) => (eb) => eb.or([ilike('sessions.name', term), ilike('sessions.description', term)]),
          name: (term) => ilike('sessions.name', term),
        },
        ids: 'sessions.id',
        sort: { allowed: SESSION_SORTS, default: '-start_time' },
        tieBreaker: { column: 'sessions.id' },
        counts,
        unfilteredCount: () => rowCount(db, 'sessions'),
      });
      return { rows: await withRelations(rows, options), meta };
    },

    /** The session with its relations; undefined when it does not exist. */
    async findDetail(id: number, options: SessionOptions = {}): Promise<SessionWithRelations | undefined> {
      const session = await findById(id);
      return session ? (await withRelations([session], options))[0] : undefined;
    },

    /** A new session, attached to a team and an expert when given. */
    async create(
      actorId: ActorId,
      values: SessionValues,
      links: { teamId?: number | null; expertId?: number | null },
    ): Promise<number> {
      const [id] = await repository.createSeries(actorId, [values], links);
      return id;
    },

    /**
     * Several independent sessions (a repeating series) with the same team and expert, in one
     * transaction: all of them or, when any insert fails, none. One audit record each.
     */
    async createSeries(
      actorId: ActorId,
      list: SessionValues[],
      links: { teamId?: number | null; expertId?: number | null },
    ): Promise<number[]> {
      return db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const values of list) {
          const created = await trx
            .insertInto('sessions')
            .values({ ...values, created_at: isoNow(now) })
            .returning('id')
            .executeTakeFirstOrThrow();
          const teams = typeof links.teamId === 'number' ? [links.teamId] : [];
          const experts = typeof links.expertId === 'number' ? [links.expertId] : [];
          if (teams.length)
            await trx.insertInto('session_teams').values({ session_id: created.id, team_id: teams[0] }).execute();
          if (experts.length)
            await trx.insertInto('session_experts').values({ session_id: created.id, user_id: experts[0] }).execute();
          const changes = changesBetween(null, values, AUDITED_FIELDS);
          if (teams.length) changes.teams = [[], teams];
          if (experts.length) changes.experts = [[], experts];
          await audit(trx, now, { actorId, action: 'create', entityType: 'session', entityId: created.id, changes });
          ids.push(created.id);
        }
        return ids;
      });
    },

    /**
     * Stores the fields; `teamId` (when not undefined) is the form's one team field: null means
     * "every team", a team already attached keeps the others (set in the teams dialog), another
     * team replaces them.
     */
    async update(
      actorId: ActorId,
      id: number,
      values: SessionValues,
      teamId: number | null | undefined,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
        await trx.updateTable('sessions').set(values).where('id', '=', id).execute();
        const changes = changesBetween(before, { ...before, ...values }, AUDITED_FIELDS);
        const current = (
          await trx.selectFrom('session_teams').select('team_id').where('session_id', '=', id).execute()
        ).map((t) => t.team_id);
        if (teamId !== undefined && !(teamId !== null && current.includes(teamId))) {
          await trx.deleteFrom('session_teams').where('session_id', '=', id).execute();
          if (teamId !== null)
            await trx.insertInto('session_teams').values({ session_id: id, team_id: teamId }).execute();
          const teams = idsChange(current, teamId === null ? [] : [teamId]);
          if (teams) changes.teams = teams;
        }
        await audit(trx, now, { actorId, action: 'update', entityType: 'session', entityId: id, changes });
      });
    },

    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const [teams, experts] = await Promise.all([
          trx.selectFrom('session_teams').select('team_id').where('session_id', '=', id).execute(),
          trx.selectFrom('session_experts').select('user_id').where('session_id', '=', id).execute(),
        ]);
        const changes = changesBetween(before, null, AUDITED_FIELDS);
        if (teams.length) changes.teams = [teams.map((t) => t.team_id).sort((a, b) => a - b), []];
        if (experts.length) changes.experts = [experts.map((e) => e.user_id).sort((a, b) => a - b), []];
        await trx.deleteFrom('sessions').where('id', '=', id).execute();
        await audit(trx, now, { actorId, action: 'delete', entityType: 'session', entityId: id, changes });
      });
    },

    async addExpert(actorId: ActorId, sessionId: number, userId: number): Promise<void> {
      await repository.setExperts(actorId, sessionId, (current) => [...current, userId]);
    },

    async removeExpert(actorId: ActorId, sessionId: number, userId: number): Promise<void> {
      await repository.setExperts(actorId, sessionId, (current) => current.filter((id) => id !== userId));
    },

    /** Changes the session's experts to `next(current)`, recording the change. */
    async setExperts(actorId: ActorId, sessionId: number, next: (current: number[]) => number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const current = (
          await trx.selectFrom('session_experts').select('user_id').where('session_id', '=', sessionId).execute()
        ).map((e) => e.user_id);
        const wanted = [...new Set(next(current))];
        const change = idsChange(current, wanted);
        if (!change) return;
        const added = wanted.filter((id) => !current.includes(id));
        const removed = current.filter((id) => !wanted.includes(id));
        if (removed.length)
          await trx
            .deleteFrom('session_experts')
            .where('session_id', '=', sessionId)
            .where('user_id', 'in', removed)
            .execute();
        if (added.length)
          await trx
            .insertInto('session_experts')
            .values(added.map((user_id) => ({ session_id: sessionId, user_id })))
            .execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'session',
          entityId: sessionId,
          changes: { experts: change },
        });
      });
    },

    /** Replaces the session's teams (none: valid for every team). */
    async setTeams(actorId: ActorId, sessionId: number, teamIds: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const current = (
          await trx.selectFrom('session_teams').select('team_id').where('session_id', '=', sessionId).execute()
        ).map((t) => t.team_id);
        const change = idsChange(current, teamIds);
        if (!change) return;
        await trx.deleteFrom('session_teams').where('session_id', '=', sessionId).execute();
        if (teamIds.length)
          await trx
            .insertInto('session_teams')
            .values(teamIds.map((team_id) => ({ session_id: sessionId, team_id })))
            .execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'session',
          entityId: sessionId,
          changes: { teams: change },
        });
      });
    },

    /** How the caller relates to the session (its teams, its experts, the caller's teams). */
    async relationOf(auth: AuthContext, sessionId: number): Promise<SessionRelation> {
      const [teams, expert, caller] = await Promise.all([
        teamIdsOf(sessionId),
        db
          .selectFrom('session_experts')
          .select('user_id')
          .where('session_id', '=', sessionId)
          .where('user_id', '=', auth.userId)
          .executeTakeFirst(),
        callerTeams(db, auth),
      ]);
      return {
        sessionTeamIds: teams,
        sessionExpert: Boolean(expert),
        callerTeamIds: caller.teamIds,
        callerExpertTeamIds: caller.expertTeamIds,
      };
    },

    /** True when the session is attached to the team or to no team at all (valid for every team). */
    async validForTeam(sessionId: number, teamId: number): Promise<boolean> {
      const teams = await teamIdsOf(sessionId);
      return teams.length === 0 || teams.includes(teamId);
    },

    /** The sessions a team sees, latest start first by default (rows only: see withRelations). */
    async listForTeam(teamId: number, params: ListParams) {
      const { rows, meta } = await listPage(db.selectFrom('sessions').selectAll('sessions'), params, {
        where: [sessionsOfTeam(teamId)],
        sort: { allowed: SESSION_SORTS, default: '-start_time' },
        // The team's calendar (portal) and sessions (back-office) read it whole.
        maxPerPage: WHOLE_LIST_PER_PAGE,
        tieBreaker: { column: 'sessions.id' },
        count: () => countForTeam(teamId),
      });
      return { rows, meta };
    },

    /** The team's sessions that have not ended yet, soonest first (rows only: see withRelations). */
    async upcomingForTeam(teamId: number, params: ListParams) {
      const { rows, meta } = await listPage(db.selectFrom('sessions').selectAll('sessions'), params, {
        where: [sessionsOfTeam(teamId), notEnded(now())],
        // The team page's upcoming list reads it whole.
        maxPerPage: WHOLE_LIST_PER_PAGE,
        sort: { fixed: [{ column: 'sessions.start_time', direction: 'asc' }] },
        tieBreaker: { column: 'sessions.id', direction: 'asc' },
      });
      return { rows, meta };
    },

    /** The team's next session (or the one in progress); undefined when nothing is planned. */
    async nextForTeam(teamId: number): Promise<SessionWithRelations | undefined> {
      const next = await db
        .selectFrom('sessions')
        .selectAll('sessions')
        .where(sessionsOfTeam(teamId))
        .where(notEnded(now()))
        .orderBy('sessions.start_time', 'asc')
        .orderBy('sessions.id', 'asc')
        .limit(1)
        .executeTakeFirst();
      return next ? (await withRelations([next]))[0] : undefined;
    },
  };
  return repository;
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

declare module '../registry.js' {
  interface Repositories {
    sessions: SessionsRepository;
  }
}
export const repository = defineRepository('sessions', createSessionsRepository);
