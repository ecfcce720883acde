import { fileURLToPath } from 'node:url';
import { parseDatabaseUrl, type DatabaseUrl } from './db/index.js';
import { loadAttendanceConfig, type AttendanceConfig } from './attendances/config.js';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  database: DatabaseUrl;
  /** How long start-up waits for an unreachable database before giving up (DB_CONNECT_TIMEOUT_SECONDS). */
  dbConnectTimeoutSeconds: number;
  storageDir: string;
  /** Set = a real OpenID Connect provider; unset = the built-in development provider under /idp. */
  oidc: { issuer: string; clientId: string; clientSecret: string; external: boolean };
  providerLabel: string;
  /** The provider's account page ("Gestione profilo"), privacy page, and the host avatars are served from. */
  accountUrl: string;
  privacyUrl: string;
  avatarHost: string;
  tokenTtlSeconds: number;
  /** Sign-in exchanges (POST /api/auth/callback) allowed per client IP per minute. */
  authRateLimitPerMinute: number;
  /** Which peers may set X-Forwarded-* (client IP for the rate limit): Fastify's trustProxy. */
  trustProxy: boolean | string;
  /** The Vite build served as the SPA (index.html + hashed assets). */
  distDir: string;
  /** Share of a video that must really be watched for a lesson to count as completed. */
  completionThreshold: number;
  logLevel: string;
  /** Google Meet attendance import (docs/ATTENDANCES.md). */
  attendances: AttendanceConfig;
  /** Key the calendar feed tokens are derived from; null = a key file kept in the storage folder. */
  calendarFeedKey: string | null;
  /** Audit records older than this many days are purged once a day. */
  auditRetentionDays: number;
  /** How long a slow client may hold a connection, and how long a stop waits for requests in flight. */
  timeouts: ServerTimeouts;
  /** API requests allowed per minute, per signed-in user and per client address (429 with Retry-After beyond). */
  apiRateLimit: { perUserPerMinute: number; perAddressPerMinute: number };
}

export interface ServerTimeouts {
  /** Whole request, body included (REQUEST_TIMEOUT_SECONDS). */
  requestMs: number;
  /** Request line and headers (HEADERS_TIMEOUT_SECONDS). */
  headersMs: number;
  /** An idle keep-alive connection (KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveMs: number;
  /** A stop (SIGTERM) lets requests in flight finish for at most this long (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownMs: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, key: string, fallback: string): string {
  const raw = env[key] || fallback;
  try {
    const parsed = new URL(raw);
    if (!/^https?:$/.test(parsed.protocol)) throw new Error();
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

/** "true"/"false", or a comma-separated list of trusted proxy addresses (default: this machine). */
function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '') return 'loopback';
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}

function calendarFeedKey(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32) throw new ConfigError('CALENDAR_FEED_KEY must be at least 32 characters long');
  return raw;
}

/** Reads and validates every setting once, at start-up; a bad value stops the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`);
  let database: DatabaseUrl;
  try {
    database = parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/percorso.db');
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
  const external = Boolean(env.OIDC_ISSUER);
  if (external && !env.OIDC_CLIENT_ID) {
    throw new ConfigError('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  }
  const issuer = external ? url(env, 'OIDC_ISSUER', '') : `${publicUrl}/idp`;
  const threshold = env.COMPLETION_THRESHOLD ? Number(env.COMPLETION_THRESHOLD) : 0.9;
  if (!(threshold > 0 && threshold <= 1)) {
    throw new ConfigError(`COMPLETION_THRESHOLD must be a number in (0, 1] (got "${env.COMPLETION_THRESHOLD}")`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    database,
    dbConnectTimeoutSeconds: integer(env, 'DB_CONNECT_TIMEOUT_SECONDS', 60, 0, 24 * 3600),
    storageDir: env.STORAGE_DIR || './data/storage',
    oidc: {
      issuer,
      clientId: external ? env.OIDC_CLIENT_ID! : 'percorso',
      clientSecret: external ? (env.OIDC_CLIENT_SECRET ?? '') : 'percorso-dev-secret',
      external,
    },
    providerLabel: env.PROVIDER_LABEL || (external ? new URL(issuer).hostname : 'Percorso ID'),
    accountUrl: url(env, 'PROVIDER_ACCOUNT_URL', external ? issuer : `${publicUrl}/idp/account`),
    privacyUrl: url(env, 'PROVIDER_PRIVACY_URL', external ? issuer : `${publicUrl}/idp/privacy`),
    avatarHost: url(env, 'AVATAR_HOST', external ? issuer : publicUrl),
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 8 * 3600, 60, 90 * 24 * 3600),
    authRateLimitPerMinute: integer(env, 'AUTH_RATE_LIMIT', 10, 1, 100000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    distDir: env.DIST_DIR || fileURLToPath(new URL('../../dist', import.meta.url)),
    completionThreshold: threshold,
    logLevel: env.LOG_LEVEL || 'info',
    attendances: loadAttendanceConfig(env),
    calendarFeedKey: calendarFeedKey(env.CALENDAR_FEED_KEY),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 730, 1, 36500),
    timeouts: {
      requestMs: integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
      headersMs: integer(env, 'HEADERS_TIMEOUT_SECONDS', 10, 1, 600) * 1000,
      keepAliveMs: integer(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 600) * 1000,
      shutdownMs: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 600) * 1000,
    },
    apiRateLimit: {
      perUserPerMinute: integer(env, 'API_RATE_LIMIT_PER_USER', 600, 1, 10_000_000),
      perAddressPerMinute: integer(env, 'API_RATE_LIMIT_PER_ADDRESS', 1200, 1, 10_000_000),
    },
  };
}
