import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { createAccessibilityReportsRepository } from '../repositories/accessibility-reports.js';
import { createAttendancesRepository } from '../repositories/attendances.js';
import { createAuditRepository } from '../repositories/audit.js';
import { createCalendarRepository } from '../repositories/calendar.js';
import { createCoursesRepository } from '../repositories/courses.js';
import { createExpertsRepository } from '../repositories/experts.js';
import { createHealthRepository } from '../repositories/health.js';
import { createLessonsRepository } from '../repositories/lessons.js';
import { createModulesRepository } from '../repositories/modules.js';
import { createProgressRepository } from '../repositories/progress.js';
import { createRateLimitsRepository } from '../repositories/rate-limits.js';
import { createReportsRepository } from '../repositories/reports.js';
import { createRolesRepository } from '../repositories/roles.js';
import { createSessionsRepository } from '../repositories/sessions.js';
import type { Clock } from '../repositories/shared.js';
import { createStatsRepository } from '../repositories/stats.js';
import { createTeamsRepository } from '../repositories/teams.js';
import { createUploadsRepository } from '../repositories/uploads.js';
import { createUsersRepository } from '../repositories/users.js';

/**
 * Every repository of the API, one line each. A repository is the only place that queries its
 * resource's tables: a factory taking the database and the clock and returning named methods.
 */
export function createRepositories(db: Db, now: Clock) {
  return {
    accessibilityReports: createAccessibilityReportsRepository(db, now),
    attendances: createAttendancesRepository(db),
    audit: createAuditRepository(db, now),
    calendar: createCalendarRepository(db, now),
    courses: createCoursesRepository(db, now),
    experts: createExpertsRepository(db, now),
    health: createHealthRepository(db),
    lessons: createLessonsRepository(db, now),
    modules: createModulesRepository(db, now),
    progress: createProgressRepository(db, now),
    rateLimits: createRateLimitsRepository(db, now),
    reports: createReportsRepository(db, now),
    roles: createRolesRepository(db, now),
    sessions: createSessionsRepository(db, now),
    stats: createStatsRepository(db),
    teams: createTeamsRepository(db, now),
    uploads: createUploadsRepository(db),
    users: createUsersRepository(db, now),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The repositories, built once on the application's database and clock. */
    repos: Repositories;
  }
}

export default fp(
  async (app) => {
    // Read the clock on every call: tests replace app.now to move time.
    app.decorate('repos', createRepositories(app.db, () => app.now()));
  },
  { name: 'repositories', dependencies: ['core', 'clock'] },
);
