import { parse } from 'csv-parse/sync';
import { parseCsvTime, parseDuration, resolveCsvTime, type CsvTime } from './csv-times.js';
import { localDateOf } from '../../calendar/time-zone.js';
import type { ParticipantStint } from './types.js';

/** A file refused as a whole: every problem found, one per line, in Italian. */
export class AttendanceFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

type Column = 'fullName' | 'firstName' | 'lastName' | 'email' | 'duration' | 'joined' | 'exited';

/** Header names Google Meet uses in its attendance reports (English and Italian), normalised. */
const HEADERS: Record<Column, string[]> = {
  fullName: ['full name', 'name', 'nome completo', 'nome e cognome', 'participant', 'partecipante'],
  firstName: ['first name', 'given name', 'nome'],
  lastName: ['last name', 'family name', 'surname', 'cognome'],
  email: ['email', 'e-mail', 'email address', 'indirizzo email', 'indirizzo e-mail', 'participant email'],
  duration: ['duration', 'durata', 'time in call', 'tempo nella chiamata', 'tempo in chiamata'],
  joined: [
    'time joined',
    'joined',
    'join time',
    'first seen',
    'ora di ingresso',
    'orario di ingresso',
    'ora ingresso',
    'ingresso',
    'ora di partecipazione',
    'prima visualizzazione',
  ],
  exited: [
    'time exited',
    'time left',
    'left',
    'leave time',
    'last seen',
    'ora di uscita',
    'orario di uscita',
    'ora uscita',
    'uscita',
    'ultima visualizzazione',
  ],
};

const HEADER_SEARCH_ROWS = 15;
const MAX_PROBLEMS = 20;

function normalise(header: string): string {
  return header
    .replace(/^\ufeff/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

function columnsOf(row: string[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  row.forEach((cell, index) => {
    const name = normalise(cell);
    for (const column of Object.keys(HEADERS) as Column[]) {
      if (found[column] === undefined && HEADERS[column].includes(name)) found[column] = index;
    }
  });
  return found;
}

function decode(content: Buffer): string {
  if (content.length >= 2 && content[0] === 0xff && content[1] === 0xfe) return content.subarray(2).toString('utf16le');
  if (content.includes(0)) throw new AttendanceFileError(['Il file non è un CSV di testo (contiene dati binari).']);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\ufeff/, '');
  } catch {
    throw new AttendanceFileError(['Il file non è un CSV di testo in UTF-8.']);
  }
}

interface Located {
  rows: Array<{ cells: string[]; line: number }>;
  header: Partial<Record<Column, number>>;
  headerIndex: number;
}

/** Finds the delimiter and the header row (Meet puts meeting details above the table). */
function locateTable(text: string): Located {
  let parseError: string | null = null;
  for (const delimiter of [',', ';', '\t']) {
    let records: Array<{ record: string[]; info: { lines: number } }>;
    try {
      // With `info: true` each record comes with its position (typed loosely by csv-parse).
      records = parse(text, {
        delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
        trim: true,
      }) as unknown as typeof records;
    } catch (e) {
      parseError ??= (e as Error).message;
      continue;
    }
    const rows = records.map((r) => ({ cells: r.record, line: r.info.lines }));
    for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
      const header = columnsOf(rows[i].cells);
      const named = header.email !== undefined || header.fullName !== undefined || header.firstName !== undefined;
      if (header.joined !== undefined && named) return { rows, header, headerIndex: i };
    }
  }
  if (parseError) throw new AttendanceFileError([`Il file non è un CSV valido: ${parseError}`]);
  throw new AttendanceFileError([
    'Intestazione non trovata: servono le colonne "Email" (o "First name"/"Nome", "Full name") e "Time joined"/"Ora di ingresso", ' +
      'con "Time exited"/"Ora di uscita" o "Duration"/"Durata".',
  ]);
}

export interface CsvOptions {
  /** IANA zone the report's times are written in. */
  timeZone: string;
  /** The session's start (ISO): gives the date to times of day written without one. */
  sessionStart: string;
}

/**
 * Reads a Google Meet attendance CSV into stints. Every row is checked before anything is
 * returned: one bad row refuses the whole file (AttendanceFileError lists the problems).
 */
export function parseAttendanceCsv(
  content: Buffer | string,
  { timeZone, sessionStart }: CsvOptions,
): ParticipantStint[] {
  const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (buffer.length === 0 || buffer.toString('utf8').trim() === '') throw new AttendanceFileError(['Il file è vuoto.']);
  const { rows, header, headerIndex } = locateTable(decode(buffer));
  if (header.exited === undefined && header.duration === undefined) {
    throw new AttendanceFileError(['Manca la colonna "Time exited"/"Ora di uscita" (o "Duration"/"Durata").']);
  }
  const sessionDay = localDateOf(sessionStart, timeZone);
  const problems: string[] = [];
  const stints: ParticipantStint[] = [];
  const cell = (cells: string[], column: Column) => {
    const index = header[column];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };

  for (const { cells, line } of rows.slice(headerIndex + 1)) {
    if (problems.length >= MAX_PROBLEMS) break;
    if (cells.every((c) => c.trim() === '')) continue;
    const problem = (text: string) => problems.push(`Riga ${line}: ${text}`);
    const email = cell(cells, 'email') || null;
    const name = cell(cells, 'fullName') || `${cell(cells, 'firstName')} ${cell(cells, 'lastName')}`.trim() || null;
    if (!email && !name) {
      problem("mancano sia il nome sia l'email.");
      continue;
    }
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      problem(`email non valida "${email}".`);
      continue;
    }
    const joinedRaw = cell(cells, 'joined');
    const joined = parseCsvTime(joinedRaw);
    if (!joined) {
      problem(`ora di ingresso non riconosciuta "${joinedRaw}".`);
      continue;
    }
    const joinedAt = resolveCsvTime(joined, timeZone, sessionDay);
    const exitedRaw = cell(cells, 'exited');
    let leftAt: string;
    if (exitedRaw) {
      const exited: CsvTime | null = parseCsvTime(exitedRaw);
      if (!exited) {
        problem(`ora di uscita non riconosciuta "${exitedRaw}".`);
        continue;
      }
      leftAt = resolveCsvTime(exited, timeZone, sessionDay);
      if (leftAt < joinedAt && exited.kind === 'clock' && joined.kind === 'clock') {
        // A bare time of day earlier than the join: the meeting went past midnight.
        leftAt = new Date(Date.parse(leftAt) + 24 * 3600 * 1000).toISOString();
      }
      if (leftAt < joinedAt) {
        problem(`l'ora di uscita "${exitedRaw}" precede quella di ingresso "${joinedRaw}".`);
        continue;
      }
    } else {
      const durationRaw = cell(cells, 'duration');
      const seconds = parseDuration(durationRaw);
      if (seconds === null) {
        problem(
          durationRaw ? `durata non riconosciuta "${durationRaw}".` : "mancano sia l'ora di uscita sia la durata.",
        );
        continue;
      }
      leftAt = new Date(Date.parse(joinedAt) + seconds * 1000).toISOString();
    }
    stints.push({
      name,
      email,
      joinedAt,
      leftAt,
      externalKey: `${(email ?? name ?? '').toLowerCase()}|${joinedAt}`,
    });
  }
  if (problems.length) throw new AttendanceFileError(problems);
  if (!stints.length) throw new AttendanceFileError(['Il file non contiene presenze.']);
  return stints;
}
