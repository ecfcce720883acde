/**
 * What the portal's pages read first, declared once: their data hooks ask with these parameters
 * (src/portal/team/queries.ts, src/portal/courses/queries.ts), and the entry script asks the same
 * URLs while the page's code downloads (`early` in src/portal/pageLoads.ts).
 * tests/unit/earlyAnswers.test.tsx checks that each early URL is one the page asks.
 * Part of the entry's code: it takes from the data provider only its entry part (src/dataProvider/session.ts).
 */
import type { Identifier } from 'ra-core';
import { toListQuery } from '../dataProvider/session';

/** The API answers lists in one page up to this size (the server's WHOLE_LIST_PER_PAGE for the lists pages read whole): the portal reads lists whole. */
export const WHOLE_LIST = 10000;
const wholeList = { page: 1, perPage: WHOLE_LIST };

/** A team's sessions for its calendar (those attached to no team included): their days only. */
export const TEAM_CALENDAR_LIST = {
  pagination: wholeList,
  sort: { field: 'start_time', order: 'ASC' },
  query: { fields: 'start_time' },
} as const;
/** What the team's upcoming list shows of each session. */
export const UPCOMING_FIELDS = ['id', 'name', 'start_time', 'type'] as const;
/** The course list, newest first. */
export const COURSE_LIST = { pagination: wholeList, sort: { field: 'created_at', order: 'DESC' }, filter: {} } as const;
/** A course's modules, a module's lessons: in their order. */
export const BY_POSITION_LIST = {
  pagination: wholeList,
  sort: { field: 'position', order: 'ASC' },
  filter: {},
} as const;

const team = (teamId: Identifier | undefined) => `/api/teams/${teamId}`;
const course = (courseId: Identifier | undefined) => `/api/courses/${courseId}`;
const courseModule = (courseId: Identifier | undefined, moduleId: Identifier | undefined) =>
  `${course(courseId)}/modules/${moduleId}`;

/** The URL (GET) of each read above, as the data provider writes it. */
export const readUrls = {
  team,
  nextSession: (teamId: Identifier | undefined) => `${team(teamId)}/sessions/next`,
  upcomingSessions: (teamId: Identifier | undefined) =>
    `${team(teamId)}/sessions/upcoming?per_page=${WHOLE_LIST}&fields=${UPCOMING_FIELDS.join(',')}`,
  teamCalendar: (teamId: Identifier | undefined) => `${team(teamId)}/sessions?${toListQuery(TEAM_CALENDAR_LIST)}`,
  teamSession: (teamId: Identifier | undefined, sessionId: Identifier | undefined) =>
    `${team(teamId)}/sessions/${sessionId}`,
  session: (sessionId: Identifier | undefined) => `/api/sessions/${sessionId}`,
  courses: () => `/api/courses?${toListQuery(COURSE_LIST)}`,
  course,
  modules: (courseId: Identifier | undefined) => `${course(courseId)}/modules?${toListQuery(BY_POSITION_LIST)}`,
  module: courseModule,
  lessons: (courseId: Identifier | undefined, moduleId: Identifier | undefined) =>
    `${courseModule(courseId, moduleId)}/lessons?${toListQuery(BY_POSITION_LIST)}`,
  lesson: (courseId: Identifier | undefined, moduleId: Identifier | undefined, lessonId: Identifier | undefined) =>
    `${courseModule(courseId, moduleId)}/lessons/${lessonId}`,
};
