import { fileURLToPath } from 'node:url';
import { DEFAULT_QUERY_TIMEOUT_SECONDS, parseDatabaseUrl, type DatabaseUrl } from './db/index.js';
import { loadAttendanceConfig, type AttendanceConfig } from './modules/attendances/config.js';
import { ConfigError, httpUrl } from './infra/env.js';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  database: DatabaseUrl;
  /** How long start-up waits for an unreachable database before giving up (DB_CONNECT_TIMEOUT_SECONDS). */
  dbConnectTimeoutSeconds: number;
  /**
   * PostgreSQL: how long a query may go unanswered before the request answers 503 and its
   * connection is replaced (DB_QUERY_TIMEOUT_SECONDS); also bounds the background jobs' lock checks.
   */
  dbQueryTimeoutSeconds: number;
  storageDir: string;
  /** Set = a real OpenID Connect provider; unset = the built-in development provider under /idp. */
  oidc: OidcSettings;
  /** Who may get an account at first sign-in: anyone with a provider account, or only people staff created. */
  signUp: 'open' | 'invite';
  /** E-mail addresses (lower case) that receive the administrator role when they sign in. */
  adminEmails: string[];
  /** The development provider on a public address, allowed explicitly with DEV_SIGN_IN=on. */
  devSignIn: boolean;
  providerLabel: string;
  /** Whether PROVIDER_LABEL was set (the start-up log asks for it otherwise). */
  providerLabelSet: boolean;
  /**
   * The provider's account page ("Gestione profilo") and privacy page; null when unknown (the
   * privacy page may still come from the provider's discovery document), never a guess.
   */
  accountUrl: string | null;
  privacyUrl: string | null;
  /** The host avatars are served from. */
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
  /** How long each other kind of data is kept before the retention jobs remove it (server/src/plugins/retention.ts). */
  retention: RetentionSettings;
  /** How long a slow client may hold a connection, and how long a stop waits for requests in flight. */
  timeouts: ServerTimeouts;
  /** API requests allowed per minute, per signed-in user and per client address (429 with Retry-After beyond). */
  apiRateLimit: { perUserPerMinute: number; perAddressPerMinute: number };
  /** Server processes behind the one port (WORKERS): 1 = this process serves; more = node:cluster workers. */
  workers: number;
  /** WORKERS asked for but not used (the development provider runs one process): said at start-up. */
  ignoredWorkers: number | null;
  /**
   * Where Prometheus scrapes GET /metrics (METRICS_HOST, METRICS_PORT): a small server of its own,
   * not the public port; null (the default) = no metrics.
   */
  metrics: { host: string; port: number } | null;
}

export interface RetentionSettings {
  /** Attendance rows lose their raw name and e-mail this many days after their session started (minutes stay). */
  attendanceIdentityDays: number;
  /** Accessibility reports are deleted this many days after their last change. */
  accessibilityReportDays: number;
  /** Expired access tokens (with the provider's ID token kept with them) are deleted this many hours after they expire. */
  expiredTokenHours: number;
  /**
   * A started sign-in must come back from the provider within this many minutes; its request
   * (state hash, PKCE verifier, nonce) is deleted after it.
   */
  signInRequestMinutes: number;
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
  /**
   * Before that, a SIGTERM keeps serving this long with /readyz answering 503, so that a proxy or an
   * orchestrator polling it stops sending traffic here first (SHUTDOWN_DRAIN_SECONDS; 0 = none).
   */
  drainMs: number;
}

export type TokenAuthMethod = 'auto' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  external: boolean;
  /** How Percorso authenticates at the token endpoint; `auto` picks from discovery and the settings. */
  tokenAuthMethod: TokenAuthMethod;
  /** Private key (PEM or JWK) for `private_key_jwt`. */
  clientKeyFile: string | null;
  /** Link a pre-created user by e-mail even when the provider does not say the address is verified. */
  trustEmail: boolean;
  /**
   * How long a sign-in start reuses the provider's discovery document (and the keys that come
   * with it) before asking again: a provider that changes its endpoints or signing algorithm is
   * followed within this time, without a restart.
   */
  discoveryCacheSeconds: number;
}

export { ConfigError };

const TOKEN_AUTH_METHODS: TokenAuthMethod[] = [
  'auto',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
  'none',
];

function oneOf<T extends string>(env: NodeJS.ProcessEnv, key: string, allowed: readonly T[], fallback: T): T {
  const raw = (env[key] ?? '').trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function flag(env: NodeJS.ProcessEnv, key: string, on: string[] = ['true', 'on', '1', 'yes']): boolean {
  const raw = (env[key] ?? '').trim().toLowerCase();
  if (!raw) return false;
  if (on.includes(raw)) return true;
  if (['false', 'off', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false (got "${env[key]}")`);
}

function optionalUrl(env: NodeJS.ProcessEnv, key: string): string | null {
  return env[key] ? url(env, key, '') : null;
}

/** Loopback names and addresses: the only places the development provider may serve by default. */
function isLoopback(address: string): boolean {
  const host = new URL(address).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/** Well-known providers: the account page and the label people recognise. */
function knownProvider(issuer: string): { label: string; accountUrl: string | null } | null {
  const { hostname, pathname } = new URL(issuer);
  if (hostname === 'accounts.google.com') return { label: 'Google', accountUrl: 'https://myaccount.google.com/' };
  if (hostname === 'login.microsoftonline.com')
    return { label: 'Microsoft', accountUrl: 'https://myaccount.microsoft.com/' };
  // Keycloak: the realm's own account console.
  if (/\/realms\/[^/]+$/.test(pathname)) return { label: 'Keycloak', accountUrl: `${issuer}/account` };
  return null;
}

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
  return httpUrl(key, env[key] || fallback);
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
  const devSignIn = flag(env, 'DEV_SIGN_IN');
  if (!external && !devSignIn && !isLoopback(publicUrl)) {
    throw new ConfigError(
      `the built-in development provider (no OIDC_ISSUER) serves only loopback addresses, and PUBLIC_URL is ${publicUrl}: ` +
        'set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for your provider, or DEV_SIGN_IN=on to demonstrate the development provider on purpose',
    );
  }
  const issuer = external ? url(env, 'OIDC_ISSUER', '') : `${publicUrl}/idp`;
  const tokenAuthMethod = oneOf(env, 'OIDC_TOKEN_AUTH_METHOD', TOKEN_AUTH_METHODS, 'auto');
  const clientKeyFile = env.OIDC_CLIENT_KEY_FILE || null;
  if (tokenAuthMethod === 'private_key_jwt' && !clientKeyFile) {
    throw new ConfigError(
      "OIDC_TOKEN_AUTH_METHOD=private_key_jwt needs OIDC_CLIENT_KEY_FILE (the client's private key, PEM or JWK)",
    );
  }
  if (
    (tokenAuthMethod === 'client_secret_basic' || tokenAuthMethod === 'client_secret_post') &&
    external &&
    !env.OIDC_CLIENT_SECRET
  ) {
    throw new ConfigError(`OIDC_TOKEN_AUTH_METHOD=${tokenAuthMethod} needs OIDC_CLIENT_SECRET`);
  }
  const known = external ? knownProvider(issuer) : null;
  const adminEmails = (env.ADMIN_EMAILS ?? '')
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new ConfigError(`ADMIN_EMAILS: "${email}" is not an e-mail address`);
  }
  const threshold = env.COMPLETION_THRESHOLD ? Number(env.COMPLETION_THRESHOLD) : 0.9;
  if (!(threshold > 0 && threshold <= 1)) {
    throw new ConfigError(`COMPLETION_THRESHOLD must be a number in (0, 1] (got "${env.COMPLETION_THRESHOLD}")`);
  }
  const workers = integer(env, 'WORKERS', 1, 1, 256);
  const metricsPort = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 1, 65535) : null;
  if (metricsPort !== null && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port}): the metrics have a server of their own`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    database,
    dbConnectTimeoutSeconds: integer(env, 'DB_CONNECT_TIMEOUT_SECONDS', 60, 0, 24 * 3600),
    dbQueryTimeoutSeconds: integer(env, 'DB_QUERY_TIMEOUT_SECONDS', DEFAULT_QUERY_TIMEOUT_SECONDS, 1, 3600),
    storageDir: env.STORAGE_DIR || './data/storage',
    oidc: {
      issuer,
      clientId: external ? env.OIDC_CLIENT_ID! : 'percorso',
      clientSecret: external ? (env.OIDC_CLIENT_SECRET ?? '') : 'percorso-dev-secret',
      external,
      tokenAuthMethod: external ? tokenAuthMethod : 'client_secret_basic',
      clientKeyFile: external ? clientKeyFile : null,
      trustEmail: flag(env, 'OIDC_TRUST_EMAIL'),
      discoveryCacheSeconds: integer(env, 'OIDC_DISCOVERY_CACHE_SECONDS', 60, 1, 3600),
    },
    signUp: oneOf(env, 'SIGN_UP', ['open', 'invite'] as const, 'open'),
    adminEmails,
    devSignIn,
    providerLabel: env.PROVIDER_LABEL || (external ? (known?.label ?? 'Single Sign-On') : 'Percorso ID'),
    providerLabelSet: Boolean(env.PROVIDER_LABEL) || !external,
    accountUrl: external
      ? (optionalUrl(env, 'PROVIDER_ACCOUNT_URL') ?? known?.accountUrl ?? null)
      : url(env, 'PROVIDER_ACCOUNT_URL', `${publicUrl}/idp/account`),
    privacyUrl: external
      ? optionalUrl(env, 'PROVIDER_PRIVACY_URL')
      : url(env, 'PROVIDER_PRIVACY_URL', `${publicUrl}/idp/privacy`),
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
    retention: {
      attendanceIdentityDays: integer(env, 'ATTENDANCE_IDENTITY_RETENTION_DAYS', 365, 1, 36500),
      accessibilityReportDays: integer(env, 'ACCESSIBILITY_REPORT_RETENTION_DAYS', 365, 30, 36500),
      expiredTokenHours: integer(env, 'EXPIRED_TOKEN_RETENTION_HOURS', 0, 0, 720),
      signInRequestMinutes: integer(env, 'SIGN_IN_REQUEST_RETENTION_MINUTES', 10, 5, 60),
    },
    timeouts: {
      requestMs: integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
      headersMs: integer(env, 'HEADERS_TIMEOUT_SECONDS', 10, 1, 600) * 1000,
      keepAliveMs: integer(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 600) * 1000,
      shutdownMs: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 600) * 1000,
      // `npm start` sets it to 5 with OIDC_ISSUER when unset (scripts/start.mjs); dev and tests: 0.
      drainMs: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 600) * 1000,
    },
    apiRateLimit: {
      perUserPerMinute: integer(env, 'API_RATE_LIMIT_PER_USER', 600, 1, 10_000_000),
      perAddressPerMinute: integer(env, 'API_RATE_LIMIT_PER_ADDRESS', 1200, 1, 10_000_000),
    },
    // `npm start` sets it to the number of cores when unset (scripts/start.mjs); dev and tests: 1.
    // The development provider's sign-in state lives in one process's memory: it cannot be shared by
    // workers. An invalid value stops the start either way.
    workers: external ? workers : 1,
    ignoredWorkers: !external && workers > 1 ? workers : null,
    metrics: metricsPort === null ? null : { host: env.METRICS_HOST || '127.0.0.1', port: metricsPort },
  };
}
