import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { TZDate } from '@date-fns/tz';
import { REPORT_TIME_ZONE } from '../../calendar/time-zone.js';
import type { LearningResponse, ParticipationResponse } from './schemas.js';

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
export const TEAM_HEADER = [
  'Cognome',
  'Nome',
  'Email',
  'Nel team dal',
  'Nel team fino al',
  'Sessioni previste',
  'Sessioni frequentate',
  'Minuti',
] as const;
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
export const SESSIONS_HEADER = [
  'Nome',
  'Tipo',
  'Inizio',
  'Fine',
  'Team',
  'Esperti',
  'Presenze registrate',
  'Utenti riconosciuti',
] as const;

type Cell = string | number | Date | null;

/** How date cells show: Italian day first, to the second. */
const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm:ss';

/** `2026-10-01` → `01/10/2026`. */
export function italianDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * An instant as a real date cell (sortable and filterable in the spreadsheet), showing the wall
 * clock of the report's time zone: spreadsheet dates carry no zone, so the local time is written.
 */
function localTime(iso: string | null): Date | null {
  if (!iso) return null;
  const local = new TZDate(new Date(iso).getTime(), REPORT_TIME_ZONE);
  return new Date(
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
    ),
  );
}

const graphemes = new Intl.Segmenter('it', { granularity: 'grapheme' });

/** The longest start of `text` of at most `max` UTF-16 units that does not split a character. */
function cut(text: string, max: number): string {
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
}

/** Spreadsheet applications refuse these as sheet names: whoever opens the file gets an error. */
const EDGE_APOSTROPHES = /^'+|'+$/g;
const RESERVED_SHEET_NAME = 'history';

/**
 * Excel sheet names: 1–31 characters, none of : \ / ? * [ ] nor control or invisible ones, no
 * apostrophe at either end, not "History", unique in the workbook regardless of case.
 */
function sheetName(wanted: string, used: Set<string>): string {
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim().replace(EDGE_APOSTROPHES, '').trim();
  const clean = tidy(wanted.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}:\\/?*[\]]/gu, ' ')) || 'Team';
  const taken = (name: string) => used.has(name.toLowerCase()) || name.toLowerCase() === RESERVED_SHEET_NAME;
  let name = tidy(cut(clean, 31));
  for (let n = 2; taken(name); n++) {
    const suffix = ` (${n})`;
    name = tidy(cut(clean, 31 - suffix.length)) + suffix;
  }
  used.add(name.toLowerCase());
  return name;
}

type Writer = ExcelJS.stream.xlsx.WorkbookWriter;
type Style = Partial<ExcelJS.Style>;

const TITLE_STYLE: Style = { font: { bold: true, size: 14 } };
const HEADER_STYLE: Style = { font: { bold: true } };

/**
 * Writes a row whose cells share `styleOf(column)`. ExcelJS gives every cell its own copy of its
 * row's and column's style and renders each copy to XML to find its style id; one object per
 * column, seen once, is rendered once (it was a third of a thousand-sheet report's time).
 */
function addStyledRow(sheet: ExcelJS.Worksheet, values: Cell[], styleOf: (column: number) => Style): void {
  const row = sheet.addRow(values);
  row.eachCell((cell) => {
    cell.style = styleOf(Number(cell.col));
  });
  row.commit();
}

/**
 * A sheet with a bold title, a subtitle (the period), a bold frozen header on HEADER_ROW and the
 * rows; columns as wide as their longest text (12–60 characters). Rows are streamed out as they
 * are added (a report may have a thousand sheets).
 */
function addTable(
  workbook: Writer,
  name: string,
  title: string,
  subtitle: string,
  header: readonly string[],
  rows: Cell[][],
  formats: Record<number, string> = {},
): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  const columnStyles = header.map((_, index): Style => {
    const numFmt = formats[index] ?? (rows.some((row) => row[index] instanceof Date) ? DATE_TIME_FORMAT : undefined);
    return numFmt ? { numFmt } : {};
  });
  sheet.columns = header.map((text, index) => {
    const longest = rows.reduce(
      (max, row) =>
        Math.max(max, row[index] instanceof Date ? DATE_TIME_FORMAT.length : String(row[index] ?? '').length),
      text.length,
    );
    return { width: Math.min(60, Math.max(12, longest + 2)) };
  });
  if (rows.length)
    sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: header.length } };
  const plain = (column: number) => columnStyles[column - 1] ?? {};
  addStyledRow(sheet, [title], () => TITLE_STYLE);
  addStyledRow(sheet, [subtitle], plain);
  sheet.addRow([]).commit();
  addStyledRow(sheet, [...header], () => HEADER_STYLE);
  for (const row of rows) addStyledRow(sheet, row, plain);
  sheet.commit();
}

/** Builds a workbook with the streaming writer and answers the file. */
async function writeWorkbook(build: (workbook: Writer) => void): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // Fast compression: a report can have a thousand small sheets, and level 1 is most of the gain of 9.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Percorso';
  build(workbook);
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/**
 * participation.xlsx: "Riepilogo" (one row per team), one sheet per team (one row per member) and
 * "Non riconosciuti" (attendees matched to no user); the period is written at the top of each.
 */
export async function participationWorkbook(report: ParticipationResponse): Promise<Buffer> {
  return writeWorkbook((workbook) => {
    const period = `Periodo: ${italianDay(report.meta.from)} – ${italianDay(report.meta.to)}`;
    const used = new Set<string>();
    const summary = report.data.map((team): Cell[] => {
      const attended = team.members.reduce((sum, m) => sum + m.sessions_attended, 0);
      return [
        team.team_name,
        new Set(team.members.map((m) => m.user_id)).size,
        team.sessions_expected,
        team.members.reduce((sum, m) => sum + m.sessions_expected, 0),
        attended,
        team.attendance_rate,
        team.members.reduce((sum, m) => sum + m.minutes_attended, 0),
        team.experts.reduce((sum, e) => sum + e.minutes_attended, 0),
      ];
    });
    addTable(workbook, sheetName('Riepilogo', used), 'Report di partecipazione', period, SUMMARY_HEADER, summary, {
      5: '0.0%',
    });
    for (const team of report.data) {
      const rows = team.members.map((m): Cell[] => [
        m.surname,
        m.name,
        m.email,
        localTime(m.joined_at),
        localTime(m.left_at),
        m.sessions_expected,
        m.sessions_attended,
        m.minutes_attended,
      ]);
      addTable(workbook, sheetName(team.team_name, used), `Team ${team.team_name}`, period, TEAM_HEADER, rows);
    }
    const unmatched = report.meta.unmatched.map((u): Cell[] => [
      u.session_name,
      localTime(u.session_start),
      u.name ?? '',
      u.email ?? '',
      u.minutes_attended,
    ]);
    addTable(
      workbook,
      sheetName('Non riconosciuti', used),
      'Partecipanti non riconosciuti',
      period,
      UNMATCHED_HEADER,
      unmatched,
    );
  });
}

/** learning.xlsx: one sheet, one row per learner of the course. */
export async function learningWorkbook(report: LearningResponse, teamName: string | null): Promise<Buffer> {
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
  return writeWorkbook((workbook) =>
    addTable(
      workbook,
      'Apprendimento',
      `Report di apprendimento: ${report.meta.course_name}`,
      `${scope} – lezioni del corso: ${report.meta.lessons_total}`,
      LEARNING_HEADER,
      rows,
    ),
  );
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
  return writeWorkbook((workbook) => addTable(workbook, 'Sessioni', 'Sessioni', description, SESSIONS_HEADER, cells));
}
