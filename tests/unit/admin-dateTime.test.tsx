import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, required } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  formatRomeDate,
  formatRomeDateTime,
  INVALID_DATE_TIME,
  maskDateTime,
  parseRomeDateTime,
} from '../../src/admin/common/dateTime';
import {
  DateTimeInput,
  formatDateTimeValue,
  parseDateTimeText,
  validDateTime,
} from '../../src/admin/common/DateTimeInput';
import { renderAdmin } from './support/adminHarness';

describe('date-time mask dd/mm/yyyy hh:mm', () => {
  it('puts the separators in as digits are typed and drops anything else', () => {
    expect(maskDateTime('0')).toBe('0');
    expect(maskDateTime('010')).toBe('01/0');
    expect(maskDateTime('01022026')).toBe('01/02/2026');
    expect(maskDateTime('010220261')).toBe('01/02/2026 1');
    expect(maskDateTime('010220261030')).toBe('01/02/2026 10:30');
    expect(maskDateTime('01/02/2026 10:30 extra 99')).toBe('01/02/2026 10:30');
    expect(maskDateTime('ab')).toBe('');
  });

  it('takes a separator typed after a short number as the end of its slot', () => {
    expect(maskDateTime('5/3/2027 14:30')).toBe('05/03/2027 14:30');
    expect(maskDateTime('1/1/2027 9:00')).toBe('01/01/2027 09:00');
    // As typed, key by key: the separator shows at once, so the next digits go to the next slot.
    expect(maskDateTime('5/')).toBe('05/');
    expect(maskDateTime('05/3')).toBe('05/3');
    expect(maskDateTime('05/3/')).toBe('05/03/');
    expect(maskDateTime('05/03/2027 9')).toBe('05/03/2027 9');
    expect(maskDateTime('05/03/2027 9:')).toBe('05/03/2027 09:');
    // A short year is left short: it is not a date, and the field says so.
    expect(maskDateTime('5/3/27 10:00')).toBe('05/03/27 10:00');
    // Re-masking what the mask wrote changes nothing.
    expect(maskDateTime('05/03/2027 14:30')).toBe('05/03/2027 14:30');
  });
});

describe('Rome wall-clock time ↔ UTC ISO', () => {
  it('reads winter time as UTC+1 and summer time as UTC+2', () => {
    expect(parseRomeDateTime('15/01/2026 10:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(parseRomeDateTime('15/07/2026 10:00')).toBe('2026-07-15T08:00:00.000Z');
  });

  it('handles the night summer time starts: the skipped hour is not a real time', () => {
    expect(parseRomeDateTime('29/03/2026 01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(parseRomeDateTime('29/03/2026 02:30')).toBeNull();
    expect(parseRomeDateTime('29/03/2026 03:00')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('handles the night summer time ends: before, the repeated hour (read as its first time, summer time), after', () => {
    expect(parseRomeDateTime('25/10/2026 01:59')).toBe('2026-10-24T23:59:00.000Z');
    // 02:00–02:59 happens at UTC+2, then again at UTC+1: the first one is meant.
    expect(parseRomeDateTime('25/10/2026 02:00')).toBe('2026-10-25T00:00:00.000Z');
    expect(parseRomeDateTime('25/10/2026 02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(parseRomeDateTime('25/10/2026 02:59')).toBe('2026-10-25T00:59:00.000Z');
    expect(parseRomeDateTime('25/10/2026 03:00')).toBe('2026-10-25T02:00:00.000Z');
    // Another year, another last Sunday of October.
    expect(parseRomeDateTime('31/10/2027 02:15')).toBe('2027-10-31T00:15:00.000Z');
    // The day before and after, 02:30 happens once.
    expect(parseRomeDateTime('24/10/2026 02:30')).toBe('2026-10-24T00:30:00.000Z');
    expect(parseRomeDateTime('26/10/2026 02:30')).toBe('2026-10-26T01:30:00.000Z');
  });

  it('round-trips every quarter hour across the night summer time ends, but for the second pass of the repeated hour', () => {
    const start = Date.parse('2026-10-24T00:00:00Z');
    const end = Date.parse('2026-10-26T00:00:00Z');
    const secondPass = [Date.parse('2026-10-25T01:00:00Z'), Date.parse('2026-10-25T02:00:00Z')];
    for (let time = start; time < end; time += 15 * 60_000) {
      const iso = new Date(time).toISOString();
      // "dd/mm/yyyy hh:mm" cannot tell the two passes apart: the second reads back as the first.
      const expected = time >= secondPass[0] && time < secondPass[1] ? new Date(time - 60 * 60_000).toISOString() : iso;
      expect(parseRomeDateTime(formatRomeDateTime(iso))).toBe(expected);
    }
  });

  it('refuses impossible dates and times and incomplete text', () => {
    for (const text of [
      '31/02/2026 10:00',
      '00/01/2026 10:00',
      '01/13/2026 10:00',
      '01/01/2026 24:00',
      '01/01/2026 10:60',
      '01/01/2026 10:3',
      '',
      'domani',
    ]) {
      expect(parseRomeDateTime(text)).toBeNull();
    }
  });

  it('formats instants (ISO or the API SQL format) back in Rome time', () => {
    expect(formatRomeDateTime('2026-01-15T09:00:00.000Z')).toBe('15/01/2026 10:00');
    expect(formatRomeDateTime('2026-07-15 08:00:00')).toBe('15/07/2026 10:00');
    expect(formatRomeDateTime('2026-10-25T01:30:00.000Z')).toBe('25/10/2026 02:30');
    expect(formatRomeDateTime(null)).toBe('');
    expect(formatRomeDateTime('not a date')).toBe('');
    // The day alone is Rome's day: 23:30 UTC on 31 December is already New Year's Day there.
    expect(formatRomeDate('2025-12-31T23:30:00.000Z')).toBe('01/01/2026');
    expect(formatRomeDate(undefined)).toBe('');
  });

  it('round-trips every quarter hour across both changes of 2026', () => {
    const start = Date.parse('2026-03-28T00:00:00Z');
    const end = Date.parse('2026-03-30T00:00:00Z');
    for (let time = start; time < end; time += 15 * 60_000) {
      const iso = new Date(time).toISOString();
      expect(parseRomeDateTime(formatRomeDateTime(iso))).toBe(iso);
    }
  });
});

describe('the date-time input', () => {
  it('keeps the masked text while incomplete and the UTC ISO once complete', () => {
    expect(parseDateTimeText('0102')).toBe('01/02');
    expect(parseDateTimeText('010220261030')).toBe('2026-02-01T09:30:00.000Z');
    expect(parseDateTimeText('')).toBeNull();
    expect(formatDateTimeValue('2026-02-01T09:30:00.000Z')).toBe('01/02/2026 10:30');
    expect(formatDateTimeValue('01/02')).toBe('01/02');
    expect(formatDateTimeValue(null)).toBe('');
  });

  it('gives the Italian field error for anything that is not a real date-time', () => {
    expect(validDateTime('01/02/2026 10:3', {}, {})).toBe(INVALID_DATE_TIME);
    expect(validDateTime(parseDateTimeText('29/03/2026 02:30'), {}, {})).toBe('app.admin.date_time.invalid');
    expect(validDateTime('2026-02-01T09:30:00.000Z', {}, {})).toBeUndefined();
    expect(validDateTime(null, {}, {})).toBeUndefined();
  });
});

describe('the date-time field', () => {
  const HINT = 'gg/mm/aaaa hh:mm, ora italiana';

  function renderField() {
    renderAdmin(
      <Form mode="onBlur" onSubmit={() => undefined}>
        <DateTimeInput source="start_time" validate={[required()]} />
        <button type="submit">Salva</button>
      </Form>,
      { resource: 'sessions' },
    );
    return screen.getByRole('textbox', { name: /^Inizio/ });
  }

  const describedBy = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent);

  it('is described by its format hint', () => {
    const input = renderField();
    expect(describedBy(input)).toEqual([HINT]);
    expect(input).toHaveAccessibleDescription(HINT);
  });

  it('keeps the format hint under an error: the error first, then the hint, both describing the input', async () => {
    const input = renderField();
    fireEvent.change(input, { target: { value: '5/3/27 10:00' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    const error = screen.getByText('Data non valida (gg/mm/aaaa hh:mm)');
    const hint = screen.getByText(HINT);
    expect(error.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(describedBy(input)).toEqual(['Data non valida (gg/mm/aaaa hh:mm)', HINT]);
    expect(input).toHaveAccessibleDescription(`Data non valida (gg/mm/aaaa hh:mm) ${HINT}`);
  });

  it('keeps the hint under the required error too, and drops the error once the date is right', async () => {
    const input = renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(describedBy(input)).toHaveLength(2);
    expect(describedBy(input)[1]).toBe(HINT);
    fireEvent.change(input, { target: { value: '05/03/2027 10:00' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'false'));
    expect(describedBy(input)).toEqual([HINT]);
  });
});
