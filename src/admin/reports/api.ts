import type { ListParams } from '../../dataProvider';
import { backOfficeDataProvider as dataProvider } from '../../dataProvider/backOffice';
import type {
  DashboardSummary,
  ImportState,
  LearnerLesson,
  LearningResponse,
  ParticipationResponse,
} from '../../../server/src/contract';

export type { DashboardSummary, ImportState, LearnerLesson, LearningResponse, ParticipationResponse };

export const PARTICIPATION_FILE = 'participation.xlsx';
export const LEARNING_FILE = 'learning.xlsx';
export const SESSIONS_FILE = 'sessions.xlsx';

export interface ParticipationParams {
  /** Europe/Rome days `YYYY-MM-DD`; the server's current quarter when empty. */
  from?: string;
  to?: string;
  teamId?: number | string | null;
}

export interface LearningParams {
  courseId: number | string;
  teamId?: number | string | null;
}

/** The query of a participation request: the span (when chosen) and `filter[team_id]`. */
export function participationParams({ from, to, teamId }: ParticipationParams) {
  return { query: { from: from || undefined, to: to || undefined }, filter: teamId ? { team_id: teamId } : {} };
}

export function learningParams({ courseId, teamId }: LearningParams) {
  return { filter: { course_id: courseId, ...(teamId ? { team_id: teamId } : {}) } };
}

/**
 * The programme figures (GET /api/reports/dashboard) in the query cache. Here, beside the call, and
 * not in src/admin/dashboardData.ts, which loads ProgrammeFigures.tsx: that file reads the key too.
 */
export const REPORTS_DASHBOARD_KEY = ['reports', 'dashboard'] as const;

/** The report calls of the back-office (read_reports; the reset needs update_lesosns, the retry update_sessions). */
export const reportsApi = {
  participation: (params: ParticipationParams) => dataProvider.getParticipationReport(participationParams(params)),
  participationFile: (params: ParticipationParams) =>
    dataProvider.downloadParticipationReport(participationParams(params)),
  learning: (params: LearningParams) => dataProvider.getLearningReport(learningParams(params)),
  learningFile: (params: LearningParams) => dataProvider.downloadLearningReport(learningParams(params)),
  learnerLessons: (courseId: number | string, userId: number | string) =>
    dataProvider.getLearnerLessons(userId, { filter: { course_id: courseId } }),
  resetProgress: (courseId: number, moduleId: number, lessonId: number, userId: number) =>
    dataProvider.resetLessonProgress(courseId, moduleId, lessonId, userId),
  dashboard: () => dataProvider.getReportsDashboard(),
  retryImport: (sessionId: number): Promise<ImportState> => dataProvider.retryAttendanceImport(sessionId),
  /** The sessions list's own parameters: search, filters and sort (no paging: every row). */
  sessionsFile: (params: Pick<ListParams, 'filter' | 'sort'>) => dataProvider.downloadSessions(params),
};

let rateFormat: Intl.NumberFormat | undefined;

/** What a rate of nothing measured (no session held, no member) reads as: "non disponibile", never 0 %. */
export const NO_RATE = 'n.d.';

/**
 * 0.6667 → "66,7%", null → "n.d." (one formatter, built on first use: the dashboard formats a rate
 * per month and per row).
 */
export function formatRate(rate: number | null): string {
  if (rate === null) return NO_RATE;
  rateFormat ??= new Intl.NumberFormat('it-IT', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return rateFormat.format(rate);
}

/** `2026-10-01` → `01/10/2026`. */
export function italianDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** Seconds → "m:ss" (or "h:mm:ss"). */
export { formatDuration as formatPosition } from '../../dates/duration';
