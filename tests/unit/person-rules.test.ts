import { describe, expect, it } from 'vitest';
import { birthdateProblem, isAnswerableEmail, joinDayProblem } from '../../server/src/modules/users/person-rules';

// The server's validation and the forms both call these: what passes here passes everywhere.
describe('birthdateProblem', () => {
  it('takes days from 1900-01-01 to today in Rome, and no birthdate at all', () => {
    expect(birthdateProblem('1900-01-01', '2026-11-28')).toBeUndefined();
    expect(birthdateProblem('2026-11-28', '2026-11-28')).toBeUndefined();
    expect(birthdateProblem('', '2026-11-28')).toBeUndefined();
    expect(birthdateProblem(null, '2026-11-28')).toBeUndefined();
  });

  it('says what is wrong with a day before 1900 or after today', () => {
    expect(birthdateProblem('1899-12-31', '2026-11-28')).toBe(
      'La data di nascita non può essere precedente al 01/01/1900.',
    );
    expect(birthdateProblem('2026-11-29', '2026-11-28')).toBe('La data di nascita non può essere nel futuro.');
  });
});

describe('joinDayProblem', () => {
  it('takes days from 2000-01-01 to today in Rome', () => {
    expect(joinDayProblem('2000-01-01', '2026-11-28')).toBeUndefined();
    expect(joinDayProblem('2026-11-28', '2026-11-28')).toBeUndefined();
  });

  it('says what is wrong with a day before 2000 or after today', () => {
    expect(joinDayProblem('1999-12-31', '2026-11-28')).toBe(
      'La data di ingresso non può essere precedente al 01/01/2000.',
    );
    expect(joinDayProblem('2026-11-29', '2026-11-28')).toBe('La data di ingresso non può essere nel futuro.');
  });
});

describe('isAnswerableEmail', () => {
  it('takes plain name@domain.tld addresses', () => {
    for (const address of ['ada@example.org', 'ada.neri+a11y@mail.example.co.uk', 'A_B-c%d@x-y.it'])
      expect(isAnswerableEmail(address), address).toBe(true);
  });

  it('refuses what is not an address, or would change a mailto link or be read as markup', () => {
    for (const address of [
      '',
      'ada',
      'ada@',
      '@example.org',
      'ada@example',
      'ada@example.o',
      'ada@example.org?cc=x@y.it',
      'a&b@example.org',
      '<ada>@example.org',
      'ada @example.org',
      'ada@exa_mple.org',
    ]) {
      expect(isAnswerableEmail(address), address).toBe(false);
    }
  });

  it('refuses addresses over 255 characters', () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(178)}.example.org`;
    expect(isAnswerableEmail(`${local}@${domain}`)).toBe(true);
    expect(isAnswerableEmail(`${local}@${'c'.repeat(10)}${domain}`)).toBe(false);
  });
});
