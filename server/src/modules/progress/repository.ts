import type { Db } from '../../db/index.js';
import type { LessonRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import {
  applySync,
  coveredSeconds,
  DEFAULT_RULES,
  parseWatched,
  type ProgressRules,
  type ProgressState,
} from './coverage.js';
import type { Clock } from '../shared.js';
import { defineRepository } from '../registry.js';
import { extend } from '../../infra/objects.js';
import { preparedSelect, preparedWriteOn } from '../../db/prepared.js';

export interface SyncInput {
  userId: number;
  lesson: Pick<LessonRow, 'id' | 'video_length'>;
  /** Playback position, seconds. */
  position: number;
  rate?: number | null;
  threshold: number;
  /** Server clock, read on each attempt. */
  now: () => number;
  /**
   * The caller's progress row when already read (null: none yet), so the first attempt needs no
   * read of its own; undefined reads it.
   */
  current?: StoredProgress | null;
}

/** The columns of lesson_progress a sync reads. */
export interface StoredProgress {
  position: number;
  watched: string;
  covered_seconds: number;
  completed: number;
  last_sync_ms: number;
  session_started_ms: number;
  session_credited: number;
  version: number;
}

/** What the sync stored: enough to answer with the lesson's new progress without reading it back. */
export interface SyncOutcome {
  position: number;
  coveredSeconds: number;
  completed: boolean;
  videoLength: number | null;
}

const MAX_ATTEMPTS = 20;

function stored(next: ProgressState, videoLength: number | null, nowMs: number) {
  return {
    position: next.position,
    watched: JSON.stringify(next.watched),
    covered_seconds: coveredSeconds(next.watched, videoLength),
    completed: next.completed ? 1 : 0,
    last_sync_ms: next.lastSyncMs,
    session_started_ms: next.sessionStartMs,
    session_credited: next.sessionCredited,
    updated_at: new Date(nowMs).toISOString(),
  };
}

/** The columns a sync writes, in the order its prepared update takes their values. */
const SYNC_COLUMNS = [
  'position',
  'watched',
  'covered_seconds',
  'completed',
  'last_sync_ms',
  'session_started_ms',
  'session_credited',
  'updated_at',
  'version',
] as const;
type SyncColumns = ReturnType<typeof stored> & { version: number };

/** Every player syncs every few seconds: the update is compiled once (db/prepared.ts). */
const updateProgress = preparedWriteOn((db, values: unknown[], userId: number, lessonId: number, version: number) =>
  db
    .updateTable('lesson_progress')
    .set(Object.fromEntries(SYNC_COLUMNS.map((column, i) => [column, values[i]])) as unknown as SyncColumns)
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .where('version', '=', version),
);

async function readProgress(db: Db, userId: number, lessonId: number): Promise<StoredProgress | null> {
  const row = await db
    .selectFrom('lesson_progress')
    .select([
      'position',
      'watched',
      'covered_seconds',
      'completed',
      'last_sync_ms',
      'session_started_ms',
      'session_credited',
      'version',
    ])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records one sync of the player: one read (skipped when the caller passes `current`), compute,
 * then one conditional write — an insert with "on conflict do nothing" for the first sync, else
 * an update guarded by `version`. Each write is a single statement (its own short transaction);
 * when another sync wrote in between, the sync is recomputed from the fresh row, so parallel
 * syncs neither lose nor double coverage.
 */
export async function recordSync(db: Db, input: SyncInput): Promise<SyncOutcome> {
  const rules: ProgressRules = extend(DEFAULT_RULES, { threshold: input.threshold });
  // Only the lesson's own length counts (read from its file, or set by staff): never one a player reports.
  const videoLength = input.lesson.video_length ? Number(input.lesson.video_length) : null;
  let row = input.current === undefined ? await readProgress(db, input.userId, input.lesson.id) : input.current;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) row = await readProgress(db, input.userId, input.lesson.id);
    const nowMs = input.now();
    const report = { position: input.position, rate: input.rate ?? undefined, nowMs, videoLength };
    if (!row) {
      const first = applySync(null, report, rules);
      const values = stored(first, videoLength, nowMs);
      const inserted = await db
        .insertInto('lesson_progress')
        .values({ user_id: input.userId, lesson_id: input.lesson.id, version: 0, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return outcome(values, videoLength);
      continue;
    }
    const previous: ProgressState = {
      position: Number(row.position),
      watched: parseWatched(row.watched),
      lastSyncMs: Number(row.last_sync_ms),
      completed: Boolean(row.completed),
      sessionStartMs: Number(row.session_started_ms) || Number(row.last_sync_ms),
      sessionCredited: Number(row.session_credited),
    };
    const next = applySync(previous, report, rules);
    const values = stored(next, videoLength, nowMs);
    const written: SyncColumns = extend(values, { version: Number(row.version) + 1 });
    const updated = await updateProgress(
      db,
      SYNC_COLUMNS.map((column) => written[column]),
      input.userId,
      input.lesson.id,
      row.version,
    );
    if (Number(updated.numAffectedRows) === 1) return outcome(values, videoLength);
  }
  throw new HttpError(409, 'Troppe sincronizzazioni contemporanee: riprova tra qualche istante.');
}

function outcome(values: ReturnType<typeof stored>, videoLength: number | null): SyncOutcome {
  return {
    position: values.position,
    coveredSeconds: values.covered_seconds,
    completed: values.completed === 1,
    videoLength,
  };
}

/** What a progress sync reads in one query: the course, the module within it, the lesson within that, the caller's progress. */
export interface SyncTargetRow {
  published: number;
  module_id: number | null;
  lesson_id: number | null;
  lesson_position: number | null;
  name: string | null;
  video_url: string | null;
  description: string | null;
  video_length: number | null;
  progress_position: number | null;
  watched: string | null;
  covered_seconds: number | null;
  completed: number | null;
  last_sync_ms: number | null;
  session_started_ms: number | null;
  session_credited: number | null;
  version: number | null;
}

/** Every query of the lesson player's progress. */
export function createProgressRepository(db: Db, now: Clock) {
  // Every player asks every few seconds: compiled once (db/prepared.ts).
  const syncTargetRows = preparedSelect(db, (userId: number, courseId: number, moduleId: number, lessonId: number) =>
    db
      .selectFrom('courses')
      .leftJoin('modules', (join) => join.onRef('modules.course_id', '=', 'courses.id').on('modules.id', '=', moduleId))
      .leftJoin('lessons', (join) => join.onRef('lessons.module_id', '=', 'modules.id').on('lessons.id', '=', lessonId))
      .leftJoin('lesson_progress', (join) =>
        join.onRef('lesson_progress.lesson_id', '=', 'lessons.id').on('lesson_progress.user_id', '=', userId),
      )
      .select([
        'courses.published',
        'modules.id as module_id',
        'lessons.id as lesson_id',
        'lessons.position as lesson_position',
        'lessons.name',
        'lessons.video_url',
        'lessons.description',
        'lessons.video_length',
        'lesson_progress.position as progress_position',
        'lesson_progress.watched',
        'lesson_progress.covered_seconds',
        'lesson_progress.completed',
        'lesson_progress.last_sync_ms',
        'lesson_progress.session_started_ms',
        'lesson_progress.session_credited',
        'lesson_progress.version',
      ])
      .where('courses.id', '=', courseId),
  );
  return {
    /**
     * The course (undefined when missing) joined with the module within it, the lesson within
     * that and the user's progress on it, in one indexed query; missing parts are null.
     */
    async syncTarget(
      userId: number,
      courseId: number,
      moduleId: number,
      lessonId: number,
    ): Promise<SyncTargetRow | undefined> {
      return (await syncTargetRows(userId, courseId, moduleId, lessonId))[0];
    },

    /** Records one sync of the player on the server clock (see recordSync). */
    sync: (input: Omit<SyncInput, 'now'>) => recordSync(db, extend(input, { now })),
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;

declare module '../registry.js' {
  interface Repositories {
    progress: ProgressRepository;
  }
}
export const repository = defineRepository('progress', createProgressRepository);
