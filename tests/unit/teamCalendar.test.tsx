import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Calendar } from '../../src/portal/team/Calendar';
import { renderWithMessages as render } from './support/withMessages';

const now = new Date('2026-12-15T10:00:00.000Z');

function cell(day: string) {
  return document.querySelector(`[data-day="${day}"]`);
}

describe('Calendar', () => {
  it('shows the current month, Monday first, with session days in blue and today in bold', () => {
    render(
      <Calendar
        now={now}
        sessions={[{ start_time: '2026-12-03T09:00:00.000Z' }, { start_time: '2027-01-05T09:00:00.000Z' }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Dicembre 2026' });
    const headers = Array.from(table.querySelectorAll('th')).map((th) => th.textContent);
    expect(headers).toEqual(['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom']);
    // 1 December 2026 is a Tuesday: one blank cell before it.
    const firstRow = table.querySelectorAll('tbody tr')[0].querySelectorAll('td');
    expect(firstRow[0]).toBeEmptyDOMElement();
    expect(firstRow[1]).toHaveTextContent(/^1$/);

    expect(cell('2026-12-03')).toHaveAttribute('data-has-session', 'true');
    expect(cell('2026-12-03')).toHaveStyle({ backgroundColor: 'rgb(25, 118, 210)' });
    // In words too, true of a past day as of a day to come.
    expect(cell('2026-12-03')).toHaveTextContent('3, giorno con un appuntamento');
    expect(cell('2026-12-04')).not.toHaveAttribute('data-has-session');
    expect(cell('2026-12-15')).toHaveAttribute('aria-current', 'date');
    expect(cell('2026-12-15')).toHaveStyle({ fontWeight: '700' });
    expect(cell('2026-12-14')).toHaveStyle({ fontWeight: '400' });
  });

  it('rolls the year over at December and January', async () => {
    const user = userEvent.setup();
    render(<Calendar now={now} sessions={[{ start_time: '2027-01-05T09:00:00.000Z' }]} />);

    await user.click(screen.getByRole('button', { name: 'Mese successivo' }));
    expect(screen.getByRole('table', { name: 'Gennaio 2027' })).toBeInTheDocument();
    expect(cell('2027-01-05')).toHaveAttribute('data-has-session', 'true');
    expect(cell('2026-12-15')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mese precedente' }));
    await user.click(screen.getByRole('button', { name: 'Mese precedente' }));
    expect(screen.getByRole('table', { name: 'Novembre 2026' })).toBeInTheDocument();
    // November 2026 starts on Sunday: six blanks.
    const firstRow = document.querySelectorAll('tbody tr')[0].querySelectorAll('td');
    expect(
      Array.from(firstRow)
        .slice(0, 6)
        .every((td) => td.textContent === ''),
    ).toBe(true);
    expect(firstRow[6]).toHaveTextContent(/^1$/);
  });

  it('opens on the month of a given instant, in Rome', () => {
    // 23:30 UTC on 31 January is already February in Rome.
    render(<Calendar now={now} openOn="2027-01-31T23:30:00.000Z" sessions={[]} />);
    expect(screen.getByRole('table', { name: 'Febbraio 2027' })).toBeInTheDocument();
    expect(document.querySelector('[aria-current="date"]')).toBeNull();
  });
});
