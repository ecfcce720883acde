import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetOne, type Identifier } from 'ra-core';
import type { AppDataProvider } from '../../dataProvider';
import type { Session, Team } from './types';

/** A team's whole session list, for the calendar: one page of up to 10000. */
export const ALL_SESSIONS = 10000;

/** GET /api/teams/{id} through ra-core, so that team updates refresh it everywhere. */
export function useTeam(teamId: Identifier | null | undefined) {
  // Route ids are strings; the API answers numbers. ra-core compares them as strings in its cache keys.
  return useGetOne<Team>('teams', { id: (teamId ?? '') as Team['id'] }, { enabled: teamId != null && teamId !== '' });
}

/** What the calendar shows of each session: its day. */
export type CalendarSession = Pick<Session, 'start_time'>;
/** What the upcoming list shows of each session. */
export const UPCOMING_FIELDS = ['id', 'name', 'start_time', 'type'] as const;
export type UpcomingSession = Pick<Session, (typeof UPCOMING_FIELDS)[number]>;

/** Every session of a team (those attached to no team included), for the calendar: their days only. */
function teamSessionsQuery(dataProvider: AppDataProvider, teamId: Identifier | null | undefined) {
  return queryOptions({
    queryKey: ['teams', String(teamId), 'sessions', 'all'],
    queryFn: async () =>
      (
        await dataProvider.getTeamSessions<CalendarSession>(teamId!, {
          pagination: { page: 1, perPage: ALL_SESSIONS },
          sort: { field: 'start_time', order: 'ASC' },
          query: { fields: 'start_time' },
        })
      ).data,
  });
}

/** GET /api/teams/{id}/sessions/upcoming: sessions not ended yet, soonest first. */
function upcomingSessionsQuery(dataProvider: AppDataProvider, teamId: Identifier) {
  return queryOptions({
    queryKey: ['teams', String(teamId), 'sessions', 'upcoming'],
    queryFn: () => dataProvider.getUpcomingTeamSessions(teamId, ALL_SESSIONS, UPCOMING_FIELDS),
  });
}

/** GET /api/teams/{id}/sessions/next: the next appointment, or null. */
function nextSessionQuery(dataProvider: AppDataProvider, teamId: Identifier) {
  return queryOptions({
    queryKey: ['teams', String(teamId), 'sessions', 'next'],
    queryFn: () => dataProvider.getNextTeamSession(teamId),
  });
}

export function useTeamSessions(teamId: Identifier | null | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ ...teamSessionsQuery(dataProvider, teamId), enabled: teamId != null && teamId !== '' });
}

export function useUpcomingSessions(teamId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery(upcomingSessionsQuery(dataProvider, teamId));
}

export function useNextSession(teamId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery(nextSessionQuery(dataProvider, teamId));
}

/**
 * Asks a team's next appointment, upcoming sessions and whole session list (in that order, after
 * what the caller's earlier hooks ask), without re-rendering the caller when they come: each part of
 * the page that shows one of them reads it with its own hook.
 */
export function usePrefetchTeamSessions(teamId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (teamId === '') return;
    void queryClient.prefetchQuery(nextSessionQuery(dataProvider, teamId));
    void queryClient.prefetchQuery(upcomingSessionsQuery(dataProvider, teamId));
    void queryClient.prefetchQuery(teamSessionsQuery(dataProvider, teamId));
  }, [dataProvider, queryClient, teamId]);
}

/**
 * A session: GET /api/teams/{teamId}/sessions/{id} when the route names the team,
 * GET /api/sessions/{id} otherwise.
 */
export function useSession(sessionId: Identifier, routeTeamId: Identifier | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    // Keys start with the resource so that ra-core's mutations on teams/sessions refresh them.
    queryKey: routeTeamId ? ['teams', String(routeTeamId), 'sessions', String(sessionId)] : ['sessions', 'portal', String(sessionId)],
    queryFn: async () =>
      routeTeamId
        ? await dataProvider.getTeamSession(routeTeamId, sessionId)
        : ((await dataProvider.getOne<Session>('sessions', { id: sessionId as Session['id'] })).data as Session),
  });
}
