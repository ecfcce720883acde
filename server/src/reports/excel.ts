import ExcelJS from 'exceljs';
import { formatLocal, REPORT_TIME_ZONE } from '../attendances/times.js';
import type { LearningReport, ParticipationReport } from '../repositories/reports.js';

export const PARTICIPATION_FILENAME = 'participation.xlsx';
export const LEARNING_FILENAME = 'learning.xlsx';
export const SESSIONS_FILENAME = 'sessions.xlsx';

/** Row of the column headers in every report sheet: the title and the period come first. */
export const HEADER_ROW = 4;

export const SUMMARY_HEADER = [
  'Team',
  'Membri',
  'Sessioni previste',
  'Presenze previste',
  'Presenze',
  'Tasso di partecipazione',
  'Minuti membri',
  'Minuti esperti',
] as const;
export const TEAM_HEADER = ['Cognome', 'Nome', 'Email', 'Sessioni previste', 'Sessioni frequentate', 'Minuti'] as const;
export const UNMATCHED_HEADER = ['Sessione', 'Inizio', 'Nome', 'Email', 'Minuti'] as const;
export const LEARNING_HEADER = [
  'Cognome',
  'Nome',
  'Email',
  'Team',
  'Lezioni completate',
  'Lezioni totali',
  'Completamento %',
  'Minuti visti',
  'Ultima attività',
] as const;
export const SESSIONS_HEADER = ['Nome', 'Tipo', 'Inizio', 'Fine', 'Team', 'Esperti', 'Presenze registrate', 'Utenti riconosciuti'] as const;

type Cell = string | number | null;

/** `2026-10-01` → `01/10/2026`. */
export function italianDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

function localTime(iso: string | null): string {
  return iso ? formatLocal(iso, REPORT_TIME_ZONE) : '';
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(wanted: string, used: Set<string>): string {
  const clean = wanted.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Team';
  let name = clean.slice(0, 31);
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = clean.slice(0, 31 - suffix.length) + suffix;
  }
  used.add(name.toLowerCase());
  return name;
}

/**
 * A sheet with a bold title, a subtitle (the period), a bold frozen header on HEADER_ROW and the
 * rows; columns as wide as their longest text (12–60 characters).
 */
function addTable(
  workbook: ExcelJS.Workbook,
  name: string,
  title: string,
  subtitle: string,
  header: readonly string[],
  rows: Cell[][],
  formats: Record<number, string> = {},
): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  sheet.getCell(1, 1).value = title;
  sheet.getCell(1, 1).font = { bold: true, size: 14 };
  sheet.getCell(2, 1).value = subtitle;
  const headerRow = sheet.getRow(HEADER_ROW);
  headerRow.values = [...header];
  headerRow.font = { bold: true };
  sheet.addRows(rows);
  header.forEach((text, index) => {
    const longest = rows.reduce((max, row) => Math.max(max, String(row[index] ?? '').length), text.length);
    const column = sheet.getColumn(index + 1);
    column.width = Math.min(60, Math.max(12, longest + 2));
    if (formats[index]) column.numFmt = formats[index];
  });
  if (rows.length) sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: header.length } };
}

function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Percorso';
  return workbook;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * participation.xlsx: "Riepilogo" (one row per team), one sheet per team (one row per member) and
 * "Non riconosciuti" (attendees matched to no user); the period is written at the top of each.
 */
export async function participationWorkbook(report: ParticipationReport): Promise<Buffer> {
  const workbook = newWorkbook();
  const period = `Periodo: ${italianDay(report.meta.from)} – ${italianDay(report.meta.to)}`;
  const used = new Set<string>();
  const summary = report.data.map((team): Cell[] => {
    const attended = team.members.reduce((sum, m) => sum + m.sessions_attended, 0);
    return [
      team.team_name,
      team.members.length,
      team.sessions_expected,
      team.sessions_expected * team.members.length,
      attended,
      team.attendance_rate,
      team.members.reduce((sum, m) => sum + m.minutes_attended, 0),
      team.experts.reduce((sum, e) => sum + e.minutes_attended, 0),
    ];
  });
  addTable(workbook, sheetName('Riepilogo', used), 'Report di partecipazione', period, SUMMARY_HEADER, summary, { 5: '0.0%' });
  for (const team of report.data) {
    const rows = team.members.map((m): Cell[] => [m.surname, m.name, m.email, m.sessions_expected, m.sessions_attended, m.minutes_attended]);
    addTable(workbook, sheetName(team.team_name, used), `Team ${team.team_name}`, period, TEAM_HEADER, rows);
  }
  const unmatched = report.meta.unmatched.map((u): Cell[] => [u.session_name, localTime(u.session_start), u.name ?? '', u.email ?? '', u.minutes_attended]);
  addTable(workbook, sheetName('Non riconosciuti', used), 'Partecipanti non riconosciuti', period, UNMATCHED_HEADER, unmatched);
  return toBuffer(workbook);
}

/** learning.xlsx: one sheet, one row per learner of the course. */
export async function learningWorkbook(report: LearningReport, teamName: string | null): Promise<Buffer> {
  const workbook = newWorkbook();
  const rows = report.data.map((r): Cell[] => [
    r.surname,
    r.name,
    r.email,
    r.team_names.join(', '),
    r.lessons_completed,
    r.lessons_total,
    r.completion_percentage,
    r.watched_minutes,
    localTime(r.last_activity_at),
  ]);
  const scope = teamName ? `Team ${teamName}` : 'Tutti i team';
  addTable(workbook, 'Apprendimento', `Report di apprendimento: ${report.meta.course_name}`, `${scope} – lezioni del corso: ${report.meta.lessons_total}`, LEARNING_HEADER, rows);
  return toBuffer(workbook);
}

export interface SessionExportRow {
  name: string;
  type: 'meet' | 'other';
  start_time: string;
  end_time: string | null;
  teams: string[];
  experts: string[];
  attendances: number;
  matched_users: number;
}

/** sessions.xlsx: the sessions list as shown (search, filters, sort), with attendance counts. */
export async function sessionsWorkbook(rows: SessionExportRow[], description: string): Promise<Buffer> {
  const workbook = newWorkbook();
  const cells = rows.map((s): Cell[] => [
    s.name,
    s.type === 'meet' ? 'Google Meet' : 'Altro',
    localTime(s.start_time),
    localTime(s.end_time),
    s.teams.length ? s.teams.join(', ') : 'Tutte le startup',
    s.experts.join(', '),
    s.attendances,
    s.matched_users,
  ]);
  addTable(workbook, 'Sessioni', 'Sessioni', description, SESSIONS_HEADER, cells);
  return toBuffer(workbook);
}
