/**
 * Lesson progress the server can trust, as pure functions (no clock, no database).
 *
 * The player reports its playback position every few seconds. An advance no larger than the
 * wall-clock time since the previous report (times the playback rate, plus a small tolerance)
 * counts as watched; anything else (a seek forward or back) only moves the resume position.
 *
 * Only continuous watching counts. Reports no further apart than one credited stretch
 * (`maxStretchSeconds`) form one playback session; a report after a longer pause credits nothing
 * and starts a new session. Within a session the seconds credited never exceed the session's
 * wall-clock time times the playback rate, so per-report tolerances cannot add up.
 *
 * The lesson is completed once the watched stretches cover enough of the video's length; the
 * length always comes from the server (the file itself or the lesson's form), never the player.
 */

/** A watched stretch [start, end] in seconds, start < end. */
export type Interval = [number, number];

export interface ProgressState {
  /** Resume position, seconds. */
  position: number;
  /** Watched stretches, sorted and merged (no overlaps, no touching neighbours). */
  watched: Interval[];
  /** Server clock (ms) of the previous sync. */
  lastSyncMs: number;
  /** Once true, stays true. */
  completed: boolean;
  /** Server clock (ms) at which the current playback session started. */
  sessionStartMs: number;
  /** Seconds credited so far in the current playback session. */
  sessionCredited: number;
}

export interface SyncReport {
  /** Playback position reported by the player, seconds. */
  position: number;
  /** Playback rate reported by the player; clamped to [MIN_RATE, MAX_RATE]. */
  rate?: number;
  /** Server clock (ms) when the report arrived. */
  nowMs: number;
  /** The lesson's trusted length in seconds, when known; positions are clipped to it. */
  videoLength: number | null;
}

export interface ProgressRules {
  /** Share of the video that must be covered, in (0, 1]. */
  threshold: number;
  /** Seconds of slack per sync for network jitter; never more than the elapsed time itself. */
  toleranceSeconds: number;
  /** Longest gap between two reports of one playback session, and so the longest stretch one
   * report can credit: a report after a longer pause credits nothing. */
  maxStretchSeconds: number;
  /** A first report at or below this position counts [0, position] as watched (the player's
   * first periodic sync arrives a few seconds after the start). */
  startGraceSeconds: number;
}

export const MIN_RATE = 0.25;
export const MAX_RATE = 2;

export const DEFAULT_RULES: Omit<ProgressRules, 'threshold'> = {
  toleranceSeconds: 2,
  // Background tabs may throttle timers to one per minute while the video keeps playing; a gap
  // longer than that (plus network slack) is a pause.
  maxStretchSeconds: 75,
  startGraceSeconds: 5,
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function clampRate(rate: number | undefined): number {
  if (rate === undefined || !Number.isFinite(rate)) return 1;
  return Math.min(MAX_RATE, Math.max(MIN_RATE, rate));
}

/** Adds a stretch to a sorted, merged list; overlapping or touching stretches are joined. */
export function mergeInterval(intervals: readonly Interval[], added: Interval): Interval[] {
  let [start, end] = added;
  if (!(end > start)) return intervals.map((i) => [i[0], i[1]] as Interval);
  const result: Interval[] = [];
  let placed = false;
  for (const [s, e] of intervals) {
    if (e < start) {
      result.push([s, e]);
    } else if (s > end) {
      if (!placed) {
        result.push([start, end]);
        placed = true;
      }
      result.push([s, e]);
    } else {
      start = Math.min(start, s);
      end = Math.max(end, e);
    }
  }
  if (!placed) result.push([start, end]);
  return result;
}

/** Seconds covered by the stretches, clipped to [0, videoLength] when the length is known. */
export function coveredSeconds(intervals: readonly Interval[], videoLength: number | null): number {
  const limit = videoLength ?? Infinity;
  let total = 0;
  for (const [s, e] of intervals) {
    const start = Math.max(0, s);
    const end = Math.min(limit, e);
    if (end > start) total += end - start;
  }
  return round3(total);
}

export function isCompleted(covered: number, videoLength: number | null, threshold: number): boolean {
  if (!videoLength || videoLength <= 0) return false;
  return covered / videoLength >= threshold - 1e-9;
}

/** Reads the stored JSON of watched stretches, dropping anything malformed. */
export function parseWatched(json: string | null | undefined): Interval[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  let merged: Interval[] = [];
  for (const item of raw) {
    if (Array.isArray(item) && item.length === 2 && item.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      merged = mergeInterval(merged, [item[0], item[1]]);
    }
  }
  return merged;
}

/** The state after one sync. `previous` is null for the first sync of this user and lesson. */
export function applySync(previous: ProgressState | null, report: SyncReport, rules: ProgressRules): ProgressState {
  const length = report.videoLength && report.videoLength > 0 ? report.videoLength : null;
  const position = round3(Math.max(0, Math.min(report.position, length ?? Infinity)));
  const rate = clampRate(report.rate);

  if (!previous) {
    const grace = position > 0 && position <= rules.startGraceSeconds ? position : 0;
    const watched: Interval[] = grace ? [[0, grace]] : [];
    return {
      position,
      watched,
      lastSyncMs: report.nowMs,
      completed: isCompleted(coveredSeconds(watched, length), length, rules.threshold),
      // The grace counts as time already played, so the session's budget holds from the start.
      sessionStartMs: report.nowMs - (grace / rate) * 1000,
      sessionCredited: grace,
    };
  }

  const nowMs = Math.max(report.nowMs, previous.lastSyncMs);
  const elapsed = (nowMs - previous.lastSyncMs) / 1000;
  const unchanged = previous.watched.map((i) => [i[0], i[1]] as Interval);
  if (elapsed > rules.maxStretchSeconds) {
    // After a long pause nothing is credited: the next report starts a new playback session.
    return {
      position,
      watched: unchanged,
      lastSyncMs: nowMs,
      completed: previous.completed,
      sessionStartMs: nowMs,
      sessionCredited: 0,
    };
  }

  const stepBudget = elapsed * rate + Math.min(rules.toleranceSeconds, elapsed);
  const sessionBudget = Math.max(0, ((nowMs - previous.sessionStartMs) / 1000) * rate - previous.sessionCredited);
  const advance = position - previous.position;
  const credited = advance > 0 && advance <= stepBudget ? round3(Math.min(advance, sessionBudget)) : 0;
  const watched =
    credited > 0 ? mergeInterval(previous.watched, [previous.position, previous.position + credited]) : unchanged;
  return {
    position,
    watched,
    lastSyncMs: nowMs,
    completed: previous.completed || isCompleted(coveredSeconds(watched, length), length, rules.threshold),
    sessionStartMs: previous.sessionStartMs,
    sessionCredited: round3(previous.sessionCredited + credited),
  };
}
