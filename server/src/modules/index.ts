import type { FastifyPluginAsync } from 'fastify';
import type { RepositoryDefinition } from './registry.js';

/**
 * A feature of the API: its routes (served under /api) and its repository (on app.repos), each
 * loaded when the application is built.
 */
export interface ModuleEntry {
  name: string;
  routes?: () => Promise<{ default: FastifyPluginAsync }>;
  repository?: () => Promise<{ repository: RepositoryDefinition }>;
}

/**
 * Every module of the API, one line each: plugins/api.ts registers the routes in this order and
 * plugins/repositories.ts builds app.repos from the repositories. Adding a resource is a folder
 * under modules/ and one line here.
 */
// prettier-ignore
export const MODULES: readonly ModuleEntry[] = [
  { name: 'accessibility-reports', routes: () => import('./accessibility-reports/routes.js'), repository: () => import('./accessibility-reports/repository.js') },
  { name: 'attendances', routes: () => import('./attendances/routes.js'), repository: () => import('./attendances/repository.js') },
  { name: 'audit', routes: () => import('./audit/routes.js'), repository: () => import('./audit/repository.js') },
  { name: 'auth', routes: () => import('./auth/routes.js') },
  { name: 'calendar', routes: () => import('./calendar/routes.js'), repository: () => import('./calendar/repository.js') },
  { name: 'config', routes: () => import('./config/routes.js') },
  { name: 'courses', routes: () => import('./courses/routes.js'), repository: () => import('./courses/repository.js') },
  { name: 'edit-leases', repository: () => import('./edit-leases/repository.js') },
  { name: 'experts', routes: () => import('./experts/routes.js'), repository: () => import('./experts/repository.js') },
  { name: 'health', repository: () => import('./health/repository.js') },
  { name: 'lessons', routes: () => import('./lessons/routes.js'), repository: () => import('./lessons/repository.js') },
  { name: 'course-modules', routes: () => import('./course-modules/routes.js'), repository: () => import('./course-modules/repository.js') },
  { name: 'permissions', routes: () => import('./permissions/routes.js') },
  { name: 'privacy', routes: () => import('./privacy/routes.js'), repository: () => import('./privacy/repository.js') },
  { name: 'progress', repository: () => import('./progress/repository.js') },
  { name: 'rate-limits', repository: () => import('../infra/rate-limits/repository.js') },
  { name: 'reports', routes: () => import('./reports/routes.js'), repository: () => import('./reports/repository.js') },
  { name: 'roles', routes: () => import('./roles/routes.js'), repository: () => import('./roles/repository.js') },
  { name: 'user-tokens', routes: () => import('./user-tokens/routes.js'), repository: () => import('./user-tokens/repository.js') },
  { name: 'sessions', routes: () => import('./sessions/routes.js'), repository: () => import('./sessions/repository.js') },
  { name: 'stats', routes: () => import('./stats/routes.js'), repository: () => import('./stats/repository.js') },
  { name: 'teams', routes: () => import('./teams/routes.js'), repository: () => import('./teams/repository.js') },
  { name: 'uploads', repository: () => import('./uploads/repository.js') },
  { name: 'me', routes: () => import('./me/routes.js') },
  { name: 'users', routes: () => import('./users/routes.js'), repository: () => import('./users/repository.js') },
  // @new-resource: modules (npm run new:resource adds a resource's module above this line)
];
