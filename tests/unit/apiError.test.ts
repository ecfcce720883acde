import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { apiErrorText, errorStatus, fieldErrors } from '../../src/dataProvider/apiError';

describe('reading an API failure', () => {
  it('gives the status of an answered call only', () => {
    expect(errorStatus(new HttpError('Vietato', 403))).toBe(403);
    expect(errorStatus(new Error('Failed to fetch'))).toBeUndefined();
    expect(errorStatus(null)).toBeUndefined();
  });

  it('flattens a 422 to the first message of each field', () => {
    const error = new HttpError('Dati non validi', 422, {
      message: 'Dati non validi',
      errors: { name: ['Il campo nome è obbligatorio.', 'x'], cover: 'Formato non valido' },
    });
    expect(fieldErrors(error)).toEqual({ name: 'Il campo nome è obbligatorio.', cover: 'Formato non valido' });
    expect(fieldErrors({ body: { errors: { name: [] } } })).toEqual({});
  });

  it('shows the field messages, else the answer message, else a readable error message, else the fallback', () => {
    expect(
      apiErrorText(
        { body: { errors: { avatar: ['Troppo grande'], cover: ['Troppo grande'], name: ['Nome mancante'] } } },
        'x',
      ),
    ).toBe('Troppo grande Nome mancante');
    expect(apiErrorText({ body: { message: 'Il modulo ha ancora lezioni.' } }, 'x')).toBe(
      'Il modulo ha ancora lezioni.',
    );
    expect(apiErrorText(new Error('Immagine non valida'), 'x')).toBe('Immagine non valida');
    expect(apiErrorText(new Error('HTTP 500'), 'Riprova.')).toBe('Riprova.');
    // An answer without a message: the HTTP error carries the English status line, never shown.
    expect(apiErrorText(Object.assign(new Error('Internal Server Error'), { status: 500, body: {} }), 'Riprova.')).toBe(
      'Riprova.',
    );
    expect(apiErrorText(Object.assign(new Error('Bad Gateway'), { status: 502, body: null }), 'Riprova.')).toBe(
      'Riprova.',
    );
    expect(apiErrorText(new TypeError('Failed to fetch'), 'Riprova.')).toBe('Riprova.');
    expect(apiErrorText(null, 'Riprova.')).toBe('Riprova.');
  });
});
