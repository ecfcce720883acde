export type FieldErrors = Record<string, string[]>;

/** An error the API answers as JSON `{message, errors?}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const unauthorized = () => new HttpError(401, 'Autenticazione richiesta.');
export const forbidden = () => new HttpError(403, 'Non hai i permessi per questa operazione.');
export const notFound = (what = 'Risorsa') => new HttpError(404, `${what} non trovata.`);

/** What a 404 says for each kind of record the API looks up by id. */
const NOT_FOUND_MESSAGES = {
  team: 'Team non trovato.',
  session: 'Sessione non trovata.',
  user: 'Utente non trovato.',
  expert: 'Esperto non trovato.',
  role: 'Ruolo non trovato.',
  course: 'Corso non trovato.',
  module: 'Modulo non trovato.',
  lesson: 'Lezione non trovata.',
  erasure_request: 'Richiesta di cancellazione non trovata.',
  // @new-resource: not found (npm run new:resource adds a resource's 404 above this line)
} as const;

export type RecordKind = keyof typeof NOT_FOUND_MESSAGES;

/**
 * The one "find by id or 404": repositories answer undefined for a missing record, the route
 * turns that into the 404 of its kind.
 */
export function orNotFound<T>(row: T | null | undefined, kind: RecordKind): T {
  if (row === undefined || row === null) throw new HttpError(404, NOT_FOUND_MESSAGES[kind]);
  return row;
}

/** Laravel-style 422: the message is the first field error, `errors` has them all. */
export function validationFailed(errors: FieldErrors): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'I dati inviati non sono validi.';
  return new HttpError(422, first, errors);
}

/** Collects field errors and throws them together. */
export class FieldErrorBag {
  private readonly errors: FieldErrors;
  constructor(initial: FieldErrors = {}) {
    this.errors = structuredClone(initial);
  }
  add(field: string, message: string): this {
    (this.errors[field] ??= []).push(message);
    return this;
  }
  /** Adds the field errors of a 422 thrown by a check written to throw; rethrows anything else. */
  addFrom(error: unknown): this {
    if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) throw error;
    for (const [field, messages] of Object.entries(error.errors))
      for (const message of messages) this.add(field, message);
    return this;
  }
  has(field: string): boolean {
    return field in this.errors;
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationFailed(this.errors);
  }
}
