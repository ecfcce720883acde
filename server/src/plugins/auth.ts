import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import { hashToken } from '../auth/tokens.js';
import { AuthCache } from '../auth/auth-cache.js';
import { TokenUses } from '../auth/token-uses.js';
import { runtimeOf, type Db } from '../db/index.js';
import { preparedSelectOn } from '../db/prepared.js';
import { can, type AuthContext } from '../access/can.js';
import type { PermissionName } from '../access/permissions.js';
import type { ActorId } from '../modules/audit/repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * Run by the /api scope's onRequest hook: throws (or rejects with) a 401 unless the route is
     * public or the token is valid; a promise only when the token had to be read from the database.
     */
    authenticate: (request: FastifyRequest) => void | Promise<void>;
    /** preHandler that answers 403 unless the caller holds one of the permissions ("developer" passes all). */
    requirePermission: (...names: PermissionName[]) => preHandlerHookHandler;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in exchange, public configuration). */
    public?: boolean;
    /**
     * With `public`: a request that does carry a token is authenticated all the same (401 when
     * the token is not valid), so the route can tell a signed-in caller from a visitor.
     */
    optionalAuth?: boolean;
  }
}

/** Marks the hooks requirePermission makes, so routes run them before validation (see below). */
const PERMISSION_CHECK = Symbol('permission check');

/** The signed-in caller; throws 401 when there is none (use inside authenticated routes). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The author of the changes a request makes, for the audit trail (null when nobody signed in). */
export function actorOf(request: FastifyRequest): ActorId {
  return request.auth?.userId ?? null;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * A token's caller and its permissions, compiled once: a token the cache does not know yet (every
 * learner's first request after a start, thousands in the first seconds) skips Kysely's build.
 */
const tokenOwner = preparedSelectOn((db: Db, tokenHash: string) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .leftJoin('access_token_uses', 'access_token_uses.token_id', 'access_tokens.id')
    .select([
      'users.id',
      'users.is_expert',
      'users.expert_access',
      'users.mooc_access',
      'users.demo',
      'access_tokens.id as token_id',
      'access_tokens.expires_at',
      'access_token_uses.last_used_at',
    ])
    .where('access_tokens.token_hash', '=', tokenHash),
);
const permissionsOf = preparedSelectOn((db: Db, userId: number) =>
  db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .select('role_permissions.permission_name')
    .distinct()
    .where('user_roles.user_id', '=', userId),
);

/** A signed-in caller as the cache keeps it: who, and which of their tokens. */
interface TokenHolder {
  auth: AuthContext;
  tokenId: number;
}

/**
 * The caller behind a token, or null when the token is unknown or expired, or belongs to a demo
 * account while a real provider is configured (`demoRefused`).
 */
async function loadAuthContext(
  db: Db,
  token: string,
  tokenHash: string,
  now: number,
  demoRefused: boolean,
): Promise<{ holder: TokenHolder; expiresAt: number; lastUsedAt: number | null } | null> {
  const [row] = await tokenOwner(db, tokenHash);
  if (!row || row.expires_at <= new Date(now).toISOString()) return null;
  if (demoRefused && row.demo) return null;
  const permissions = await permissionsOf(db, row.id);
  const auth: AuthContext = {
    userId: row.id,
    token,
    isExpert: Boolean(row.is_expert),
    expertAccess: row.expert_access,
    moocAccess: Boolean(row.mooc_access),
    permissions: new Set(permissions.map((p) => p.permission_name)),
  };
  return {
    holder: { auth, tokenId: row.token_id },
    expiresAt: Date.parse(row.expires_at),
    lastUsedAt: row.last_used_at ? Date.parse(row.last_used_at) : null,
  };
}

export default fp(
  async (app) => {
    app.decorateRequest('auth', null);

    const runtime = runtimeOf(app.db);
    const cache = runtime ? new AuthCache<TokenHolder>(runtime) : null;
    const demoRefused = app.config.oidc.external;
    const uses = new TokenUses(app.db, app.log);

    /** Reads the token's caller from the database (the cache had none), keeps and sets it. */
    async function authenticateAfresh(
      request: FastifyRequest,
      token: string,
      tokenHash: string,
      now: number,
    ): Promise<void> {
      const tag = cache?.versions();
      const loaded = await loadAuthContext(app.db, token, tokenHash, now, demoRefused);
      if (!loaded) throw unauthorized();
      if (cache && tag) cache.set(tokenHash, loaded.holder, tag, now, loaded.expiresAt);
      request.auth = loaded.holder.auth;
      if (loaded.lastUsedAt !== null) uses.known(loaded.holder.tokenId, loaded.lastUsedAt);
      await uses.note(loaded.holder.tokenId, now);
    }

    // A token the cache knows is answered at once, without a promise.
    app.decorate('authenticate', (request: FastifyRequest): void | Promise<void> => {
      const config = request.routeOptions.config;
      if (config?.public && !(config.optionalAuth && request.headers.authorization)) return;
      const token = bearer(request);
      if (!token) throw unauthorized();
      const tokenHash = hashToken(token);
      const now = app.now();
      const cached = cache?.get(tokenHash, now);
      if (!cached) return authenticateAfresh(request, token, tokenHash, now);
      request.auth = cached.auth;
      return uses.note(cached.tokenId, now);
    });

    // A callback hook: the check never waits, and Fastify runs an async one through a promise.
    app.decorate('requirePermission', (...names: PermissionName[]) => {
      const check: preHandlerHookHandler = (request, _reply, done) => {
        if (!request.auth) return done(unauthorized());
        if (!can(request.auth, ...names)) return done(forbidden());
        done();
      };
      return Object.assign(check, { [PERMISSION_CHECK]: true });
    });

    // Permission before content: a permission check a route lists among its preHandlers runs before
    // the body is validated, so a caller who may not write gets 403, never a 422 about a body it
    // could not have sent anyway.
    app.addHook('onRoute', (route) => {
      const preHandlers = [route.preHandler ?? []].flat();
      const checks = preHandlers.filter((hook) => PERMISSION_CHECK in hook);
      if (!checks.length) return;
      route.preHandler = preHandlers.filter((hook) => !(PERMISSION_CHECK in hook));
      route.preValidation = [...checks, ...[route.preValidation ?? []].flat()];
    });
  },
  { name: 'auth', dependencies: ['core', 'clock'] },
);
