import { sql, type SelectQueryBuilder } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { SessionEvent } from '../../calendar/ical.js';
import { recordAudit } from '../audit/repository.js';
import { isoNow, type Clock } from '../shared.js';
import { defineRepository } from '../registry.js';

/** The owner of a feed, with what decides which sessions they see. */
export interface FeedOwner {
  id: number;
  is_expert: boolean;
  expert_access: 'complete' | 'limited' | null;
}

const EVENT_COLUMNS = [
  'sessions.id',
  'sessions.name',
  'sessions.type',
  'sessions.description',
  'sessions.start_time',
  'sessions.end_time',
  'sessions.join_instructions',
  'sessions.join_url',
  'sessions.created_at',
  'sessions.sequence',
  'sessions.updated_at',
] as const;

/** Every query of the calendar feeds; `now` is the server clock. */
export function createCalendarRepository(db: Db, now: Clock) {
  const postgres = isPostgresDb(db);
  return {
    /** The user's feed (nonce and token hash), if one was ever issued. */
    async feedOf(userId: number): Promise<{ nonce: string; token_hash: string } | undefined> {
      return db
        .selectFrom('calendar_feeds')
        .select(['nonce', 'token_hash'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Stores the user's feed, replacing the previous one (whose URL stops working at once).
     * With `regenerated`, the audit trail records it in the same transaction (no token in it).
     */
    async saveFeed(
      userId: number,
      nonce: string,
      tokenHash: string,
      regenerated: { actorId: number } | null,
    ): Promise<void> {
      const at = isoNow(now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('calendar_feeds')
          .values({ user_id: userId, nonce, token_hash: tokenHash, created_at: at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ nonce, token_hash: tokenHash, created_at: at }))
          .execute();
        if (regenerated) {
          await recordAudit(trx, at, {
            actorId: regenerated.actorId,
            action: 'regenerate',
            entityType: 'calendar_feed',
            entityId: userId,
            changes: {},
          });
        }
      });
    },

    /** The person a feed token hash belongs to, or undefined for an unknown or replaced token. */
    async ownerOf(tokenHash: string): Promise<FeedOwner | undefined> {
      const row = await db
        .selectFrom('calendar_feeds')
        .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
        .select(['users.id', 'users.is_expert', 'users.expert_access'])
        .where('calendar_feeds.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && { id: row.id, is_expert: Boolean(row.is_expert), expert_access: row.expert_access };
    },

    /**
     * The sessions the person sees in the portal, starting from `sinceIso`, soonest first: the
     * sessions of their teams (member or coordinator) and those for every team when they have a
     * team; for experts also the sessions they are an expert of, those of the teams they follow,
     * and every session with complete access. The same rule as the session page's access check,
     * without the back-office permission. `range`: from a start time on, or one session.
     */
    async visibleSessions(owner: FeedOwner, range: { since: string } | { sessionId: number }): Promise<SessionEvent[]> {
      let query = db.selectFrom('sessions').select(EVENT_COLUMNS);
      query =
        'since' in range
          ? query.where('sessions.start_time', '>=', range.since)
          : query.where('sessions.id', '=', range.sessionId);
      if (!(owner.is_expert && owner.expert_access === 'complete')) {
        const [memberOf, owned, followed] = await Promise.all([
          db.selectFrom('team_members').select('team_id').where('user_id', '=', owner.id).execute(),
          db.selectFrom('teams').select('id').where('owner_id', '=', owner.id).execute(),
          owner.is_expert
            ? db.selectFrom('expert_teams').select('team_id').where('user_id', '=', owner.id).execute()
            : Promise.resolve([]),
        ]);
        const teamIds = [
          ...new Set([...memberOf.map((r) => r.team_id), ...owned.map((r) => r.id), ...followed.map((r) => r.team_id)]),
        ];
        // Index lookups each (see ofTeam): the sessions they are an expert of, their teams' links,
        // the sessions for every team; never a test of every session since `since`.
        const idIn = (ids: SelectQueryBuilder<Database, keyof Database, { session_id: number }>) =>
          sql<boolean>`${sql.ref('sessions.id')} ${postgres ? sql`= any(array(${ids}))` : sql`in (${ids})`}`;
        const asExpert = idIn(
          db
            .selectFrom('session_experts')
            .select('session_experts.session_id')
            .where('session_experts.user_id', '=', owner.id),
        );
        query = teamIds.length
          ? query.where((eb) =>
              eb.or([
                asExpert,
                idIn(
                  db
                    .selectFrom('session_teams')
                    .select('session_teams.session_id')
                    .where('session_teams.team_id', 'in', teamIds),
                ),
                eb('sessions.teams_count', '=', 0),
              ]),
            )
          : query.where(asExpert);
      }
      const rows = await query.orderBy('sessions.start_time').orderBy('sessions.id').execute();
      return rows;
    },

    /** One session as a calendar event, or undefined. */
    async sessionEvent(sessionId: number): Promise<SessionEvent | undefined> {
      return db.selectFrom('sessions').select(EVENT_COLUMNS).where('sessions.id', '=', sessionId).executeTakeFirst();
    },

    /** The signed-in caller as a feed owner (what decides the sessions they see). */
    async owner(userId: number): Promise<FeedOwner | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'is_expert', 'expert_access'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && { id: row.id, is_expert: Boolean(row.is_expert), expert_access: row.expert_access };
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;

declare module '../registry.js' {
  interface Repositories {
    calendar: CalendarRepository;
  }
}
export const repository = defineRepository('calendar', createCalendarRepository);
