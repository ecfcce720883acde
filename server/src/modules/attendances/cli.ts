import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { AttendanceFileError } from './csv.js';
import { importAttendanceCsv } from './csv-import.js';
import { GoogleAttendanceImporter, type ImportLogger } from './importer.js';

export interface CliRequest {
  sessionId: number;
  file?: string;
  timeZone?: string;
  replace?: boolean;
  google?: boolean;
}

const quiet: ImportLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** What `npm run attendances:import` does, as a function: the message to print and whether it worked. */
export async function runAttendanceCli(
  db: Db,
  config: Config,
  request: CliRequest,
): Promise<{ ok: boolean; message: string }> {
  if (request.google) {
    const google = config.attendances.google;
    if (!google) {
      return {
        ok: false,
        message: 'Importazione da Google non configurata: imposta GOOGLE_SERVICE_ACCOUNT_FILE e GOOGLE_ADMIN_SUBJECT.',
      };
    }
    const outcome = await new GoogleAttendanceImporter(db, google, quiet).importSession(request.sessionId, {
      force: true,
    });
    switch (outcome.status) {
      case 'done':
        return {
          ok: true,
          message: `Sessione ${outcome.sessionId}: ${outcome.saved} presenze importate da Google Meet.${outcome.note ? ` ${outcome.note}` : ''}`,
        };
      case 'pending':
        return {
          ok: true,
          message: `Sessione ${outcome.sessionId}: ${outcome.saved} presenze importate; nuovo tentativo alle ${outcome.nextAttemptAt} (${outcome.reason})`,
        };
      case 'failed':
        return { ok: false, message: `Sessione ${outcome.sessionId}: importazione non riuscita. ${outcome.error}` };
      default:
        return { ok: false, message: `Sessione ${request.sessionId} non trovata.` };
    }
  }
  try {
    const result = await importAttendanceCsv(db, {
      sessionId: request.sessionId,
      file: request.file!,
      timeZone: request.timeZone,
      replaceOtherSources: request.replace,
    });
    return {
      ok: true,
      message:
        `Sessione ${request.sessionId}: ${result.saved} presenze importate dal file ` +
        `(${result.matched} abbinate a utenti per email, ${result.saved - result.matched} senza utente` +
        `${result.removed ? `, ${result.removed} righe precedenti rimosse` : ''}).`,
    };
  } catch (e) {
    if (e instanceof AttendanceFileError) {
      return { ok: false, message: `File rifiutato, nessuna presenza importata:\n- ${e.problems.join('\n- ')}` };
    }
    throw e;
  }
}
