import type { Db } from '../db/index.js';
import type { LessonRow } from '../db/schema.js';
import { HttpError } from './errors.js';
import {
  applySync,
  coveredSeconds,
  DEFAULT_RULES,
  isPlausibleLength,
  parseWatched,
  type ProgressRules,
  type ProgressState,
} from './progress.js';

export interface SyncInput {
  userId: number;
  lesson: Pick<LessonRow, 'id' | 'video_length'>;
  /** Playback position, seconds. */
  position: number;
  /** Video length reported by the player, seconds. */
  length?: number | null;
  rate?: number | null;
  threshold: number;
  /** Server clock, read on each attempt. */
  now: () => number;
}

const MAX_ATTEMPTS = 20;

/**
 * The lesson's length: the stored one, else the first plausible length a player reports (the
 * conditional update lets the first writer win when several learners report at once).
 */
async function learnVideoLength(db: Db, input: SyncInput, rules: ProgressRules): Promise<number | null> {
  if (input.lesson.video_length) return Number(input.lesson.video_length);
  const reported = input.length ?? undefined;
  if (!isPlausibleLength(reported, input.position, rules.toleranceSeconds)) return null;
  await db
    .updateTable('lessons')
    .set({ video_length: Math.round(reported * 1000) / 1000 })
    .where('id', '=', input.lesson.id)
    .where('video_length', 'is', null)
    .execute();
  const row = await db.selectFrom('lessons').select('video_length').where('id', '=', input.lesson.id).executeTakeFirst();
  return row?.video_length == null ? null : Number(row.video_length);
}

function stored(next: ProgressState, videoLength: number | null) {
  return {
    position: next.position,
    watched: JSON.stringify(next.watched),
    covered_seconds: coveredSeconds(next.watched, videoLength),
    completed: next.completed ? 1 : 0,
    last_sync_ms: next.lastSyncMs,
    updated_at: new Date().toISOString(),
  };
}

/**
 * Records one sync of the player. Read, compute, then write only if nobody wrote in between
 * (`version` check; the first row is inserted with "on conflict do nothing"); on a conflict the
 * sync is recomputed from the fresh row, so parallel syncs neither lose nor double coverage.
 */
export async function recordSync(db: Db, input: SyncInput): Promise<void> {
  const rules: ProgressRules = { ...DEFAULT_RULES, threshold: input.threshold };
  const videoLength = await learnVideoLength(db, input, rules);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const report = {
      position: input.position,
      rate: input.rate ?? undefined,
      nowMs: input.now(),
      videoLength,
    };
    const row = await db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('lesson_id', '=', input.lesson.id)
      .executeTakeFirst();
    if (!row) {
      const first = applySync(null, report, rules);
      const inserted = await db
        .insertInto('lesson_progress')
        .values({ user_id: input.userId, lesson_id: input.lesson.id, version: 0, ...stored(first, videoLength) })
        .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
      continue;
    }
    const previous: ProgressState = {
      position: Number(row.position),
      watched: parseWatched(row.watched),
      lastSyncMs: Number(row.last_sync_ms),
      completed: Boolean(row.completed),
    };
    const next = applySync(previous, report, rules);
    const updated = await db
      .updateTable('lesson_progress')
      .set({ ...stored(next, videoLength), version: row.version + 1 })
      .where('user_id', '=', input.userId)
      .where('lesson_id', '=', input.lesson.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return;
  }
  throw new HttpError(409, 'Troppe sincronizzazioni contemporanee: riprova tra qualche istante.');
}
