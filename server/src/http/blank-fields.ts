import type { FastifyRequest } from 'fastify';

/** Spaces at either end, the invisible ones too (zero-width space, joiners, word joiner). */
const EDGE_SPACE = /^[\s\u180E\u200B-\u200D\u2060]+|[\s\u180E\u200B-\u200D\u2060]+$/g;

/**
 * Forms send padded text, and empty inputs as "" or null. Before schema validation the listed
 * fields are trimmed (like Laravel's TrimStrings); then a blank required field is removed (so the
 * schema reports "obbligatorio" instead of "non valido") and a blank optional field becomes null
 * (so "" never reaches a date, id or URL format check).
 */
export function blankFields(fields: { required?: string[]; optional?: string[] }) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    const trimmed = (field: string) => {
      if (typeof record[field] === 'string') record[field] = (record[field] as string).replace(EDGE_SPACE, '');
      return record[field];
    };
    for (const field of fields.required ?? []) {
      const value = trimmed(field);
      if (field in record && (value === null || value === '')) delete record[field];
    }
    for (const field of fields.optional ?? []) {
      if (trimmed(field) === '') record[field] = null;
    }
  };
}
