import { readFile } from 'node:fs/promises';
import type { Db } from '../../db/index.js';
import { AttendanceFileError, parseAttendanceCsv } from './csv.js';
import { countBySource, saveStints, type SaveResult } from './store.js';
import { isTimeZone, REPORT_TIME_ZONE } from '../../calendar/time-zone.js';

export interface CsvImportRequest {
  sessionId: number;
  file: string;
  timeZone?: string;
  /** Delete the session's rows from other sources (Google, demo data) and keep only the file's. */
  replaceOtherSources?: boolean;
}

/**
 * Imports a Meet attendance CSV into a session. The file is validated completely first and
 * saved in one transaction: a refused file changes nothing. Importing the same (or a corrected)
 * file again leaves exactly the file's rows.
 */
export async function importAttendanceCsv(db: Db, request: CsvImportRequest): Promise<SaveResult> {
  const timeZone = request.timeZone ?? REPORT_TIME_ZONE;
  if (!isTimeZone(timeZone))
    throw new AttendanceFileError([`Fuso orario sconosciuto "${timeZone}" (esempio: Europe/Rome).`]);
  const session = await db
    .selectFrom('sessions')
    .select(['id', 'start_time'])
    .where('id', '=', request.sessionId)
    .executeTakeFirst();
  if (!session) throw new AttendanceFileError([`Sessione ${request.sessionId} non trovata.`]);
  let content: Buffer;
  try {
    content = await readFile(request.file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new AttendanceFileError([
      code === 'ENOENT'
        ? `File non trovato: ${request.file}`
        : `Impossibile leggere ${request.file}: ${(e as Error).message}`,
    ]);
  }
  const stints = parseAttendanceCsv(content, { timeZone, sessionStart: session.start_time });
  const existing = await countBySource(db, session.id);
  const others = Object.entries(existing).filter(([source]) => source !== 'csv');
  if (others.length && !request.replaceOtherSources) {
    const list = others.map(([source, n]) => `${n} da ${source === 'google' ? 'Google Meet' : source}`).join(', ');
    throw new AttendanceFileError([
      `La sessione ${session.id} ha già presenze importate (${list}): ` +
        'usa --replace per sostituirle con quelle del file (una sola fonte per sessione, mai doppioni).',
    ]);
  }
  return saveStints(db, session.id, 'csv', stints, {
    replace: true,
    clearOtherSources: Boolean(request.replaceOtherSources),
  });
}
