import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel, requiredMessage } from '../../server/src/http/field-labels.js';
import { schemaErrorsToFields } from '../../server/src/plugins/errors.js';

describe('Italian field labels in validation messages', () => {
  it('names API fields in Italian and keeps unknown ones as sent', () => {
    expect(fieldLabel('start_time')).toBe('data di inizio');
    expect(fieldLabel('owner_id')).toBe('coordinatore');
    expect(fieldLabel('duration')).toBe('posizione di riproduzione');
    expect(fieldLabel('campo_sconosciuto')).toBe('campo_sconosciuto');
    expect(requiredMessage('surname')).toBe('Il campo cognome è obbligatorio.');
  });

  it('keys schema failures by the API field and words them with the Italian label', () => {
    expect(
      schemaErrorsToFields([
        { keyword: 'required', instancePath: '', params: { missingProperty: 'name' } },
        { keyword: 'format', instancePath: '/video_url', params: { format: 'uri' } },
        { keyword: 'type', instancePath: '/mooc_access', params: { type: 'boolean' } },
        { keyword: 'maxLength', instancePath: '/tax_id', params: { limit: 16 } },
        { keyword: 'enum', instancePath: '/extra', params: {} },
      ]),
    ).toEqual({
      name: ['Il campo nome è obbligatorio.'],
      video_url: ['Il campo URL del video deve essere un URL valido.'],
      mooc_access: ['Il campo accesso ai videocorsi deve essere vero o falso.'],
      tax_id: ['Il campo codice fiscale non può superare 16 caratteri.'],
      extra: ['Il valore del campo extra non è valido.'],
    });
  });
});

describe('every field a request may send has an Italian label', () => {
  it('covers each top-level property of every body and query schema', () => {
    // Every schema module, so a new one is covered without being listed here.
    const modules = Object.values(
      import.meta.glob<Record<string, unknown>>('../../server/src/**/schemas.ts', { eager: true }),
    );
    const unlabelled = new Set<string>();
    const visit = (schema: unknown) => {
      const node = schema as { properties?: Record<string, unknown>; anyOf?: unknown[]; allOf?: unknown[] } | null;
      if (!node || typeof node !== 'object') return;
      for (const key of Object.keys(node.properties ?? {})) if (!Object.hasOwn(FIELD_LABELS, key)) unlabelled.add(key);
      for (const branch of [...(node.anyOf ?? []), ...(node.allOf ?? [])]) visit(branch);
    };
    for (const module of modules) {
      for (const [name, schema] of Object.entries(module))
        if (/(Body|Query)$/.test(name) && name !== 'ErrorBody') visit(schema);
    }
    expect([...unlabelled].sort()).toEqual([]);
  });
});
