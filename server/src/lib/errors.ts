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

/** Laravel-style 422: the message is the first field error, `errors` has them all. */
export function validationFailed(errors: FieldErrors): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'I dati inviati non sono validi.';
  return new HttpError(422, first, errors);
}

/** Collects field errors and throws them together. */
export class FieldErrorBag {
  private readonly errors: FieldErrors = {};
  add(field: string, message: string): this {
    (this.errors[field] ??= []).push(message);
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationFailed(this.errors);
  }
}
