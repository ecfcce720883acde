import type { FastifyRequest } from 'fastify';

/**
 * Forms send empty inputs as "" or null. Before schema validation, a blank required field is
 * removed (so the schema reports "obbligatorio" instead of "non valido") and a blank optional
 * field becomes null (so "" never reaches a date, id or URL format check).
 */
export function blankFields(fields: { required?: string[]; optional?: string[] }) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
    for (const field of fields.required ?? []) {
      if (field in record && isBlank(record[field])) delete record[field];
    }
    for (const field of fields.optional ?? []) {
      if (typeof record[field] === 'string' && (record[field] as string).trim() === '') record[field] = null;
    }
  };
}
