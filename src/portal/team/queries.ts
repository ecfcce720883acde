import { useEffect } from 'react';
import type { Identifier } from 'ra-core';
import { queryCache, type QueryOptions } from '../../lib/query/cache';
import { useQuery } from '../../lib/query/useQuery';
import { portalDataProvider as dataProvider } from '../portalData';
import { TEAM_CALENDAR_LIST, UPCOMING_FIELDS, WHOLE_LIST } from '../reads';
import type { Session, Team } from './types';

/** A team's key in the portal's cache; everything about the team (its sessions) is under it. */
export const teamKey = (teamId: Identifier | null | undefined) => ['teams', String(teamId)] as const;

/** GET /api/teams/{id}. */
export function useTeam(teamId: Identifier | null | undefined) {
  return useQuery({
    queryKey: [...teamKey(teamId), 'record'],
    queryFn: async () => (await dataProvider.getOne<Team>('teams', { id: teamId as Team['id'] })).data,
    enabled: teamId != null && teamId !== '',
  });
}

/** What the calendar shows of each session: its day. */
export type CalendarSession = Pick<Session, 'start_time'>;
/** What the upcoming list shows of each session. */
export type UpcomingSession = Pick<Session, (typeof UPCOMING_FIELDS)[number]>;

/** Every session of a team (those attached to no team included), for the calendar: their days only. */
function teamSessionsQuery(teamId: Identifier | null | undefined): QueryOptions<CalendarSession[]> {
  return {
    queryKey: [...teamKey(teamId), 'sessions', 'all'],
    queryFn: async () =>
      (
        await dataProvider.getTeamSessions<CalendarSession>(teamId!, TEAM_CALENDAR_LIST)
      ).data,
  };
}

/** GET /api/teams/{id}/sessions/upcoming: sessions not ended yet, soonest first. */
function upcomingSessionsQuery(teamId: Identifier): QueryOptions<UpcomingSession[]> {
  return {
    queryKey: [...teamKey(teamId), 'sessions', 'upcoming'],
    queryFn: () => dataProvider.getUpcomingTeamSessions(teamId, WHOLE_LIST, UPCOMING_FIELDS),
  };
}

/** GET /api/teams/{id}/sessions/next: the next appointment, or null. */
function nextSessionQuery(teamId: Identifier) {
  return {
    queryKey: [...teamKey(teamId), 'sessions', 'next'],
    queryFn: () => dataProvider.getNextTeamSession(teamId),
  };
}

export function useTeamSessions(teamId: Identifier | null | undefined) {
  return useQuery({ ...teamSessionsQuery(teamId), enabled: teamId != null && teamId !== '' });
}

export function useUpcomingSessions(teamId: Identifier) {
  return useQuery(upcomingSessionsQuery(teamId));
}

export function useNextSession(teamId: Identifier) {
  return useQuery(nextSessionQuery(teamId));
}

/**
 * Asks a team's next appointment, upcoming sessions and whole session list (in that order, after
 * what the caller's earlier hooks ask), without re-rendering the caller when they come: each part of
 * the page that shows one of them reads it with its own hook.
 */
export function usePrefetchTeamSessions(teamId: Identifier) {
  useEffect(() => {
    if (teamId === '') return;
    queryCache.prefetch(nextSessionQuery(teamId));
    queryCache.prefetch(upcomingSessionsQuery(teamId));
    queryCache.prefetch(teamSessionsQuery(teamId));
  }, [teamId]);
}

/**
 * A session: GET /api/teams/{teamId}/sessions/{id} when the route names the team,
 * GET /api/sessions/{id} otherwise.
 */
export function useSession(sessionId: Identifier, routeTeamId: Identifier | undefined) {
  return useQuery({
    queryKey: routeTeamId ? [...teamKey(routeTeamId), 'sessions', String(sessionId)] : ['sessions', String(sessionId)],
    queryFn: async () =>
      routeTeamId
        ? await dataProvider.getTeamSession(routeTeamId, sessionId)
        : ((await dataProvider.getOne<Session>('sessions', { id: sessionId as Session['id'] })).data as Session),
  });
}

/** A write's answer for the team becomes its record; without one, the record is asked again. */
export function teamChanged(teamId: Identifier, record: Team | undefined): Promise<void> {
  const key = [...teamKey(teamId), 'record'];
  if (!record || typeof record !== 'object') return queryCache.invalidate(key);
  queryCache.setData(key, record);
  return Promise.resolve();
}
