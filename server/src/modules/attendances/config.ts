import { readFileSync } from 'node:fs';
import { ConfigError, httpUrl } from '../../infra/env.js';

/** A Google service account allowed (domain-wide delegation) to read the Admin Reports API. */
export interface GoogleCredentials {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  /** OAuth token endpoint: GOOGLE_TOKEN_URL, else the key file's token_uri. */
  tokenUrl: string;
  /** The Workspace administrator the service account acts as. */
  subject: string;
  /** https://admin.googleapis.com, or a local fake in tests. */
  reportsBaseUrl: string;
}

export interface AttendanceConfig {
  /** null = the Google importer is off. */
  google: GoogleCredentials | null;
  pollMinutes: number;
}

const DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';

function serviceAccountJson(env: NodeJS.ProcessEnv): { key: string; text: string } | null {
  if (env.GOOGLE_SERVICE_ACCOUNT_JSON)
    return { key: 'GOOGLE_SERVICE_ACCOUNT_JSON', text: env.GOOGLE_SERVICE_ACCOUNT_JSON };
  const file = env.GOOGLE_SERVICE_ACCOUNT_FILE;
  if (!file) return null;
  try {
    return { key: 'GOOGLE_SERVICE_ACCOUNT_FILE', text: readFileSync(file, 'utf8') };
  } catch (e) {
    throw new ConfigError(`GOOGLE_SERVICE_ACCOUNT_FILE cannot be read (${(e as Error).message})`);
  }
}

/** Google Meet attendance import settings (see docs/ATTENDANCES.md). */
export function loadAttendanceConfig(env: NodeJS.ProcessEnv): AttendanceConfig {
  const pollRaw = env.ATTENDANCE_POLL_MINUTES;
  const pollMinutes = pollRaw === undefined || pollRaw === '' ? 10 : Number(pollRaw);
  if (!Number.isInteger(pollMinutes) || pollMinutes < 1 || pollMinutes > 1440) {
    throw new ConfigError(`ATTENDANCE_POLL_MINUTES must be an integer between 1 and 1440 (got "${pollRaw}")`);
  }
  const source = serviceAccountJson(env);
  if (!source) return { google: null, pollMinutes };

  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(source.text) as Record<string, unknown>;
  } catch {
    throw new ConfigError(`${source.key} is not valid JSON (expected a service account key file)`);
  }
  const clientEmail = parsed.client_email;
  const privateKey = parsed.private_key;
  if (typeof clientEmail !== 'string' || typeof privateKey !== 'string' || !privateKey.includes('PRIVATE KEY')) {
    throw new ConfigError(`${source.key} must be a service account key with client_email and private_key`);
  }
  const subject = env.GOOGLE_ADMIN_SUBJECT;
  if (!subject || !subject.includes('@')) {
    throw new ConfigError(
      'GOOGLE_ADMIN_SUBJECT (the e-mail of a Workspace administrator) is required with Google credentials',
    );
  }
  const tokenUri = typeof parsed.token_uri === 'string' ? parsed.token_uri : DEFAULT_TOKEN_URL;
  return {
    pollMinutes,
    google: {
      clientEmail,
      privateKey,
      privateKeyId: typeof parsed.private_key_id === 'string' ? parsed.private_key_id : null,
      tokenUrl: httpUrl('GOOGLE_TOKEN_URL', env.GOOGLE_TOKEN_URL || tokenUri),
      subject,
      reportsBaseUrl: httpUrl('GOOGLE_REPORTS_BASE_URL', env.GOOGLE_REPORTS_BASE_URL || 'https://admin.googleapis.com'),
    },
  };
}
