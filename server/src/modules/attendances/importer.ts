import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { GoogleCredentials } from './config.js';
import { GoogleTokenSource } from './google-auth.js';
import { CredentialsError, PermanentError, RetryLaterError } from './google-errors.js';
import { fetchMeetStints } from './google-reports.js';
import { meetingCodeOf } from './meeting-code.js';
import { countBySource, saveStints } from './store.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The report may take up to 6 hours after the session ends. */
export const IMPORT_WINDOW_MS = 6 * HOUR;
/** A session without end_time is taken to last this long. */
export const DEFAULT_SESSION_MS = 2 * HOUR;
/** Sessions that ended longer ago than this are not picked up by the schedule any more. */
const LOOKBACK_MS = 30 * 24 * HOUR;
/** Sessions handled per run, so one run stays short. */
const BATCH = 25;
/** How long a claimed session is reserved for the process working on it (several servers, one database). */
const LEASE_MS = 15 * MINUTE;

export interface ImportLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type ImportOutcome =
  | { sessionId: number; status: 'done'; saved: number; note?: string }
  | { sessionId: number; status: 'pending'; saved: number; nextAttemptAt: string; reason: string }
  | { sessionId: number; status: 'failed'; error: string }
  | { sessionId: number; status: 'skipped' };

interface DueSession {
  id: number;
  start_time: string;
  end_time: string | null;
  join_url: string | null;
}

/** Waits between attempts: 5, 10, 20, 40, then 60 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);
}

export function sessionEndMs(session: { start_time: string; end_time: string | null }): number {
  return session.end_time ? Date.parse(session.end_time) : Date.parse(session.start_time) + DEFAULT_SESSION_MS;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Imports Google Meet attendances of ended meet sessions from the Admin Reports API. Each session
 * is retried (empty report, 429/5xx) until 6 hours after it ended; rows are upserted, so running
 * again never duplicates them. State lives in attendance_imports.
 */
export class GoogleAttendanceImporter {
  private readonly tokens: GoogleTokenSource;

  constructor(
    private readonly db: Db,
    private readonly credentials: GoogleCredentials,
    private readonly log: ImportLogger,
    private readonly now: () => number = Date.now,
  ) {
    // Tokens live on the real clock (Google checks the assertion's iat/exp), not the scheduling one.
    this.tokens = new GoogleTokenSource(credentials);
  }

  /** Ended meet sessions whose import is new, or pending and due. */
  async dueSessions(): Promise<DueSession[]> {
    const now = this.now();
    const nowIso = iso(now);
    return this.db
      .selectFrom('sessions')
      .leftJoin('attendance_imports', 'attendance_imports.session_id', 'sessions.id')
      .select(['sessions.id', 'sessions.start_time', 'sessions.end_time', 'sessions.join_url'])
      .where('sessions.type', '=', 'meet')
      .where('sessions.join_url', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('sessions.end_time', 'is not', null),
            eb('sessions.end_time', '<=', nowIso),
            eb('sessions.end_time', '>=', iso(now - LOOKBACK_MS)),
          ]),
          eb.and([
            eb('sessions.end_time', 'is', null),
            eb('sessions.start_time', '<=', iso(now - DEFAULT_SESSION_MS)),
            eb('sessions.start_time', '>=', iso(now - DEFAULT_SESSION_MS - LOOKBACK_MS)),
          ]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('attendance_imports.session_id', 'is', null),
          eb.and([
            eb('attendance_imports.status', '=', 'pending'),
            eb.or([
              eb('attendance_imports.next_attempt_at', 'is', null),
              eb('attendance_imports.next_attempt_at', '<=', nowIso),
            ]),
          ]),
        ]),
      )
      .orderBy(sql`coalesce(sessions.end_time, sessions.start_time)`)
      .limit(BATCH)
      .execute();
  }

  /** One pass over the due sessions, one after the other. */
  async runOnce(): Promise<ImportOutcome[]> {
    const outcomes: ImportOutcome[] = [];
    for (const session of await this.dueSessions()) {
      outcomes.push(await this.importSession(session.id));
    }
    return outcomes;
  }

  /** Reserves a session for this process; `force` takes it whatever its state (manual re-run). */
  private async claim(sessionId: number, force: boolean): Promise<{ attempts: number } | null> {
    const nowIso = iso(this.now());
    await this.db
      .insertInto('attendance_imports')
      .values({
        session_id: sessionId,
        status: 'pending',
        attempts: 0,
        last_error: null,
        next_attempt_at: null,
        updated_at: nowIso,
      })
      .onConflict((oc) => oc.column('session_id').doNothing())
      .execute();
    let claim = this.db
      .updateTable('attendance_imports')
      .set({ status: 'pending', next_attempt_at: iso(this.now() + LEASE_MS), updated_at: nowIso })
      .where('session_id', '=', sessionId);
    if (!force) {
      claim = claim
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]));
    }
    const result = await claim.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const row = await this.db
      .selectFrom('attendance_imports')
      .select('attempts')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return { attempts: row.attempts + 1 };
  }

  private async record(
    sessionId: number,
    attempts: number,
    status: 'pending' | 'done' | 'failed',
    lastError: string | null,
    nextAttemptAt: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('attendance_imports')
      .set({ status, attempts, last_error: lastError, next_attempt_at: nextAttemptAt, updated_at: iso(this.now()) })
      .where('session_id', '=', sessionId)
      .execute();
  }

  /** Imports one session now (if nobody else is on it) and records the outcome. */
  async importSession(sessionId: number, { force = false }: { force?: boolean } = {}): Promise<ImportOutcome> {
    const session = await this.db
      .selectFrom('sessions')
      .select(['id', 'type', 'start_time', 'end_time', 'join_url'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!session) return { sessionId, status: 'skipped' };
    const claimed = await this.claim(sessionId, force);
    if (!claimed) return { sessionId, status: 'skipped' };
    const { attempts } = claimed;
    const now = this.now();
    const endMs = sessionEndMs(session);
    const deadline = endMs + IMPORT_WINDOW_MS;

    const fail = async (error: string): Promise<ImportOutcome> => {
      await this.record(sessionId, attempts, 'failed', error, null);
      this.log.warn({ sessionId, attempts, error }, 'attendance import failed');
      return { sessionId, status: 'failed', error };
    };
    const later = async (reason: string, saved: number, waitMs: number): Promise<ImportOutcome> => {
      const nextAttemptAt = iso(now + waitMs);
      await this.record(sessionId, attempts, 'pending', reason, nextAttemptAt);
      this.log.info({ sessionId, attempts, nextAttemptAt, reason }, 'attendance import will be retried');
      return { sessionId, status: 'pending', saved, nextAttemptAt, reason };
    };
    const done = async (saved: number, note?: string): Promise<ImportOutcome> => {
      await this.record(sessionId, attempts, 'done', note ?? null, null);
      this.log.info({ sessionId, saved }, 'attendance import done');
      return { sessionId, status: 'done', saved, ...(note ? { note } : {}) };
    };

    const code = meetingCodeOf(session.join_url);
    if (session.type !== 'meet' || !code) {
      return fail(
        `Il link della sessione non contiene un codice riunione Google Meet (abc-defg-hij): ${session.join_url ?? 'nessun link'}.`,
      );
    }
    if (now < endMs && !force) return later('La sessione non è ancora terminata.', 0, endMs - now);

    const existing = await countBySource(this.db, sessionId);
    const otherSources = Object.keys(existing).filter((source) => source !== 'google');
    if (otherSources.length) {
      // One source per session: a CSV import (or demo data) already holds this session's list.
      return done(
        0,
        `Presenze già presenti da altra fonte (${otherSources.join(', ')}): importazione da Google non eseguita.`,
      );
    }
    const alreadyImported = existing.google ?? 0;
    const pastDeadline = now >= deadline;

    try {
      const stints = await fetchMeetStints(
        this.credentials,
        this.tokens,
        code,
        { startTime: iso(Date.parse(session.start_time) - HOUR), endTime: iso(Math.min(deadline, now)) },
        this.now,
      );
      if (stints.length > 0) {
        const { saved } = await saveStints(this.db, sessionId, 'google', stints, { now: this.now });
        // Google logs each participant when they leave and may deliver late events: keep
        // refreshing (upserts, no duplicates) until the 6-hour window has passed.
        if (pastDeadline) return done(saved);
        return later(
          'Presenze importate; aggiornamento finché il report di Google può ancora cambiare.',
          saved,
          backoffMs(attempts),
        );
      }
      if (alreadyImported > 0 && pastDeadline) return done(0);
      if (pastDeadline) {
        return fail(
          `Nessuna presenza nel report di Google Meet (codice ${code}) entro 6 ore dalla fine della sessione.`,
        );
      }
      return later('Report di Google Meet non ancora disponibile.', 0, backoffMs(attempts));
    } catch (e) {
      const message = (e as Error).message;
      if (e instanceof PermanentError) return fail(message);
      if (e instanceof CredentialsError)
        this.log.error({ sessionId, error: message }, 'Google refused the attendance importer credentials');
      else if (!(e instanceof RetryLaterError)) this.log.error({ sessionId, err: e }, 'attendance import crashed');
      if (pastDeadline) {
        if (alreadyImported > 0) return done(0, `Ultimo aggiornamento non riuscito: ${message}`);
        return fail(`Report di Google Meet non ottenuto entro 6 ore dalla fine della sessione: ${message}`);
      }
      const hinted = e instanceof RetryLaterError ? (e.retryAfterMs ?? 0) : 0;
      return later(message, 0, Math.max(hinted, backoffMs(attempts)));
    }
  }
}
