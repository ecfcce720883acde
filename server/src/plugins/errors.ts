import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError, validationFailed, type FieldErrors } from '../http/errors.js';
import { fieldLabel } from '../http/field-labels.js';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/errors.js';

/** Seconds a client is asked to wait before trying again while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'Servizio temporaneamente non disponibile: riprova tra qualche istante.';
/** What a request gets while this process closes (plugins/lifecycle.ts). */
export const CLOSING_MESSAGE = 'Il server si sta riavviando: riprova tra qualche secondo.';

export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: AjvIssue): string {
  if (issue.keyword === 'required') return String(issue.params.missingProperty);
  const path = issue.instancePath.replace(/^\//, '').split('/');
  return path[0] || 'request';
}

/** Italian text for one schema failure; the field is named by its Italian label. */
export function italianMessage(issue: AjvIssue, key: string): string {
  const p = issue.params;
  const field = fieldLabel(key);
  switch (issue.keyword) {
    case 'required':
      return `Il campo ${field} è obbligatorio.`;
    case 'type':
      return p.type === 'integer'
        ? `Il campo ${field} deve essere un numero intero.`
        : p.type === 'number'
          ? `Il campo ${field} deve essere un numero.`
          : p.type === 'boolean'
            ? `Il campo ${field} deve essere vero o falso.`
            : p.type === 'array'
              ? `Il campo ${field} deve essere un elenco.`
              : `Il campo ${field} non è valido.`;
    case 'minLength':
      return Number(p.limit) <= 1
        ? `Il campo ${field} è obbligatorio.`
        : `Il campo ${field} deve contenere almeno ${String(p.limit)} caratteri.`;
    case 'maxLength':
      return `Il campo ${field} non può superare ${String(p.limit)} caratteri.`;
    case 'minimum':
      return `Il campo ${field} deve essere almeno ${String(p.limit)}.`;
    case 'maximum':
      return `Il campo ${field} non può superare ${String(p.limit)}.`;
    case 'format':
      if (p.format === 'uri' || p.format === 'url') return `Il campo ${field} deve essere un URL valido.`;
      if (p.format === 'email') return `Il campo ${field} deve essere un indirizzo email valido.`;
      if (p.format === 'date') return `Il campo ${field} deve essere una data valida (AAAA-MM-GG).`;
      if (p.format === 'date-time') return `Il campo ${field} deve essere una data e ora valida.`;
      if (p.format === 'plain-text')
        return `Il campo ${field} contiene caratteri non ammessi (a capo, tabulazioni o caratteri di controllo).`;
      if (p.format === 'free-text') return `Il campo ${field} contiene caratteri di controllo non ammessi.`;
      if (p.format === 'video-url')
        return `Il campo ${field} deve essere un URL valido (un indirizzo https:// senza credenziali, oppure un percorso /storage/).`;
      return `Il campo ${field} non ha un formato valido.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `Il valore del campo ${field} non è valido.`;
    case 'pattern':
      return `Il campo ${field} non ha un formato valido.`;
    default:
      return `Il campo ${field} non è valido.`;
  }
}

/** A file system refusal: no permission, a read-only or full disk, an I/O failure. */
function isStorageUnavailable(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof syscall !== 'string' || typeof code !== 'string') return false;
  // A file standing where a storage folder should be is a broken storage too.
  if (syscall === 'mkdir' && code === 'EEXIST') return true;
  return ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'ENOTDIR'].includes(code);
}

/** PostgreSQL's SQLSTATE class 22, "data exception": a value the column or the operation cannot take. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function schemaErrorsToFields(issues: AjvIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    // anyOf/union failures repeat each branch's issue; keep the first message per field.
    const field = fieldOf(issue);
    if (errors[field]) continue;
    errors[field] = [italianMessage(issue, field)];
  }
  return errors;
}

/**
 * Italian words for the request errors Fastify itself raises before a route runs (its own messages
 * are English): a body that does not parse, an unsupported content type, and the like.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Il contenuto inviato non è un JSON valido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Il contenuto inviato è vuoto: serve un oggetto JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Formato della richiesta non supportato: invia i dati come JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La lunghezza dichiarata della richiesta non corrisponde al contenuto.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La richiesta è troppo grande: il contenuto inviato supera 1 MB.',
  FST_ERR_CTP_INVALID_TYPE: 'Tipo di contenuto della richiesta non valido.',
};

/** What any other client error says, by status, when its own words are not ours. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Richiesta non valida.',
  404: 'Risorsa non trovata.',
  405: 'Operazione non consentita su questo indirizzo.',
  406: 'Formato della risposta non disponibile.',
  411: 'Manca la lunghezza della richiesta.',
  413: 'La richiesta è troppo grande: il contenuto inviato supera 1 MB.',
  414: "L'indirizzo della richiesta è troppo lungo.",
  415: 'Formato della richiesta non supportato: invia i dati come JSON.',
  431: 'Le intestazioni della richiesta sono troppo grandi.',
};

/** The Italian message of a client error raised outside our code (never Fastify's English words). */
export function clientErrorMessage(error: { code?: string; statusCode?: number }): string {
  return (
    (error.code && FRAMEWORK_MESSAGES[error.code]) ||
    STATUS_MESSAGES[error.statusCode ?? 400] ||
    'Richiesta non valida.'
  );
}

/** One place shapes every error: `{message, errors?}`, 422 for invalid input, 5xx details hidden. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError & { validation?: AjvIssue[] }, request, reply) => {
      if (error.validation && error.validationContext !== 'headers') {
        const failure = validationFailed(schemaErrorsToFields(error.validation));
        return reply.status(422).send({ message: failure.message, errors: failure.errors });
      }
      if (error instanceof HttpError) {
        return reply
          .status(error.statusCode)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        // Nothing is wrong with the request: the database is down, locked, full or read-only.
        request.log.warn({ err: error }, `database unavailable: ${describeDatabaseError(error)}`);
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: UNAVAILABLE_MESSAGE });
      }
      const status = error.statusCode ?? 500;
      if (isStorageUnavailable(error)) {
        // The uploads folder cannot be written (permissions, read-only or full disk): nothing is wrong with the request.
        request.log.error({ err: error }, 'storage unavailable');
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: 'Archivio dei file non disponibile: riprova tra qualche istante.' });
      }
      if (isDataException(error)) {
        // The database refused a value (a NUL byte, a number out of its range): the request is wrong, not the server.
        request.log.warn({ err: error }, 'value refused by the database');
        return reply.status(422).send({ message: 'I dati inviati contengono un valore non valido.' });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ message: 'Si è verificato un errore imprevisto.' });
      }
      if (status === 429) {
        return reply.status(429).send({ message: 'Troppe richieste: riprova tra qualche istante.' });
      }
      // Files have their own limit and message (infra/images.ts); a 413 here is a JSON body over its limit.
      return reply.status(status).send({ message: clientErrorMessage(error) });
    });
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ message: `Percorso ${request.url} non trovato.` });
    });
  },
  { name: 'errors' },
);
