import { describe, expect, it } from 'vitest';
import { fieldLabel, requiredMessage } from '../../server/src/lib/field-labels.js';
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
