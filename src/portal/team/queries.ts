import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Identifier } from 'ra-core';
import { PORTAL_KEY, queryClient } from '../../queryClient';
import { portalDataProvider as dataProvider } from '../portalData';
import { TEAM_CALENDAR_LIST, UPCOMING_FIELDS, WHOLE_LIST } from '../reads';
import type { Session, Team } from './types';

/** A team's key in the query cache; everything about the team (its sessions) is under it. */
export const teamKey = (teamId: Identifier | null | undefined) => [...PORTAL_KEY, 'teams', String(teamId)] as const;

/** GET /api/teams/{id}. */
export function useTeam(teamId: Identifier | null | undefined) {
  return useQuery(
    {
      queryKey: [...teamKey(teamId), 'record'],
      queryFn: async () => (await dataProvider.getOne<Team>('teams', { id: teamId as Team['id'] })).data,
      enabled: teamId != null && teamId !== '',
    },
    queryClient,
  );
}

/** What the calendar shows of each session: its day. */
export type CalendarSession = Pick<Session, 'start_time'>;
/** What the upcoming list shows of each session. */
export type UpcomingSession = Pick<Session, (typeof UPCOMING_FIELDS)[number]>;

/** Every session of a team (those attached to no team included), for the calendar: their days only. */
const teamSessionsQuery = (teamId: Identifier | null | undefined) =>
  queryOptions({
    queryKey: [...teamKey(teamId), 'sessions', 'all'],
    queryFn: async () => (await dataProvider.getTeamSessions<CalendarSession>(teamId!, TEAM_CALENDAR_LIST)).data,
  });

/** GET /api/teams/{id}/sessions/upcoming: sessions not ended yet, soonest first. */
const upcomingSessionsQuery = (teamId: Identifier) =>
  queryOptions({
    queryKey: [...teamKey(teamId), 'sessions', 'upcoming'],
    queryFn: (): Promise<UpcomingSession[]> =>
      dataProvider.getUpcomingTeamSessions(teamId, WHOLE_LIST, UPCOMING_FIELDS),
  });

/** GET /api/teams/{id}/sessions/next: the next appointment, or null. */
const nextSessionQuery = (teamId: Identifier) =>
  queryOptions({
    queryKey: [...teamKey(teamId), 'sessions', 'next'],
    queryFn: () => dataProvider.getNextTeamSession(teamId),
  });

export function useTeamSessions(teamId: Identifier | null | undefined) {
  return useQuery({ ...teamSessionsQuery(teamId), enabled: teamId != null && teamId !== '' }, queryClient);
}

export function useUpcomingSessions(teamId: Identifier) {
  return useQuery(upcomingSessionsQuery(teamId), queryClient);
}

export function useNextSession(teamId: Identifier) {
  return useQuery(nextSessionQuery(teamId), queryClient);
}

/**
 * Asks a team's next appointment, upcoming sessions and whole session list (in that order, after
 * what the caller's earlier hooks ask), without re-rendering the caller when they come: each part of
 * the page that shows one of them reads it with its own hook.
 */
export function usePrefetchTeamSessions(teamId: Identifier) {
  useEffect(() => {
    if (teamId === '') return;
    void queryClient.prefetchQuery(nextSessionQuery(teamId));
    void queryClient.prefetchQuery(upcomingSessionsQuery(teamId));
    void queryClient.prefetchQuery(teamSessionsQuery(teamId));
  }, [teamId]);
}

/**
 * A session: GET /api/teams/{teamId}/sessions/{id} when the route names the team,
 * GET /api/sessions/{id} otherwise.
 */
export function useSession(sessionId: Identifier, routeTeamId: Identifier | undefined) {
  return useQuery(
    {
      queryKey: routeTeamId
        ? [...teamKey(routeTeamId), 'sessions', String(sessionId)]
        : [...PORTAL_KEY, 'sessions', String(sessionId)],
      queryFn: async () =>
        routeTeamId
          ? await dataProvider.getTeamSession(routeTeamId, sessionId)
          : ((await dataProvider.getOne<Session>('sessions', { id: sessionId as Session['id'] })).data as Session),
    },
    queryClient,
  );
}

/** A write's answer for the team becomes its record; without one, the record is asked again. */
export function teamChanged(teamId: Identifier, record: Team | undefined): Promise<void> {
  const queryKey = [...teamKey(teamId), 'record'];
  if (!record || typeof record !== 'object') return queryClient.invalidateQueries({ queryKey });
  queryClient.setQueryData(queryKey, record);
  return Promise.resolve();
}
