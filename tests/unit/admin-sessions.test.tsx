import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { CreateDialog } from '../../src/admin/common/FormDialog';
import { RepeatInputs } from '../../src/admin/sessions/RepeatInputs';
import { attendanceRow } from '../../src/admin/sessions/attendanceText';
import { prefilledInstructions } from '../../src/admin/sessions/meetInstructions';
import { SessionInputs, toSessionBody } from '../../src/admin/sessions/SessionInputs';
import { renderAdmin } from './support/adminHarness';

const STANDARD = 'testo standard';

describe('meet prefill rule', () => {
  it('fills empty instructions only when meet is chosen', () => {
    expect(prefilledInstructions('meet', '', STANDARD)).toBe(STANDARD);
    expect(prefilledInstructions('meet', '   ', STANDARD)).toBe(STANDARD);
    expect(prefilledInstructions('meet', undefined, STANDARD)).toBe(STANDARD);
    expect(prefilledInstructions('meet', 'Portate il pitch', STANDARD)).toBeUndefined();
    expect(prefilledInstructions('other', '', STANDARD)).toBeUndefined();
  });
});

describe('session form', () => {
  async function chooseType(label: string) {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Tipo/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: label }));
  }

  it('prefills the Google Meet text when meet is chosen with empty instructions', async () => {
    renderAdmin(
      <Form defaultValues={{ type: 'other' }}>
        <SessionInputs mode="create" />
      </Form>,
      { resource: 'sessions' },
    );
    const instructions = await screen.findByRole('textbox', { name: /Istruzioni per partecipare/ });
    expect(instructions).toHaveValue('');
    await chooseType('Google Meet');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Tipo/ })).toHaveTextContent('Google Meet'));
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: /Istruzioni per partecipare/ }) as HTMLTextAreaElement).value,
      ).toContain('Google Meet'),
    );
    expect(screen.getByRole('combobox', { name: 'Esperto' })).toBeInTheDocument();
  });

  it('leaves instructions already written alone', async () => {
    renderAdmin(
      <Form defaultValues={{ type: 'other', join_instructions: 'Ci vediamo in sala riunioni' }}>
        <SessionInputs mode="edit" />
      </Form>,
      { resource: 'sessions' },
    );
    await chooseType('Google Meet');
    expect(screen.getByRole('textbox', { name: /Istruzioni per partecipare/ })).toHaveValue(
      'Ci vediamo in sala riunioni',
    );
    expect(screen.queryByRole('combobox', { name: 'Esperto' })).toBeNull();
  });

  it('says which teams a session with several has, and that choosing another replaces them', async () => {
    const record = {
      id: 3,
      type: 'other',
      team_id: 1,
      teams: [
        { id: 1, name: 'Agrisense' },
        { id: 2, name: 'EduPlay' },
        { id: 5, name: 'CasaVerde' },
      ],
    };
    renderAdmin(
      <Form record={record}>
        <SessionInputs mode="edit" />
      </Form>,
      { resource: 'sessions' },
    );
    const team = await screen.findByRole('combobox', { name: 'Team' });
    expect(team).toHaveValue('Agrisense');
    expect(
      screen.getByText(
        /Questa sessione è per 3 team \(Agrisense, EduPlay, CasaVerde\)\. Scegliendone un altro sostituirà tutti/,
      ),
    ).toBeInTheDocument();
  });

  it('sends expert_id on create only, empty optional fields as null', () => {
    const data = {
      name: 'N',
      type: 'meet',
      description: 'D',
      start_time: '2026-02-01T09:30:00.000Z',
      end_time: '',
      join_instructions: 'J',
      team_id: undefined,
      expert_id: 4,
    };
    expect(toSessionBody(data, 'create')).toEqual({ ...data, end_time: null, team_id: null, expert_id: 4 });
    expect(toSessionBody(data, 'edit')).not.toHaveProperty('expert_id');
  });
});

describe('"Ripeti" count', () => {
  function renderRepeat() {
    const rendered = renderAdmin(
      <CreateDialog open onClose={() => undefined} title="Nuova sessione" defaultValues={{ repeat: { enabled: true } }}>
        <RepeatInputs />
      </CreateDialog>,
      { resource: 'sessions' },
    );
    return rendered;
  }

  it.each([
    ['2.5', 'Il numero di sessioni deve essere un numero intero.'],
    ['100', /52/],
    ['0', /1/],
  ])('%s is refused under the field, in Italian, and nothing is sent', async (typed, message) => {
    const { dataProvider, container } = renderRepeat();
    const count = await screen.findByRole('spinbutton', { name: /Numero di sessioni/ });
    // The browser's own checks are off: its pop-up would speak its own language.
    expect(container.ownerDocument.querySelector('form')).toHaveAttribute('novalidate');
    fireEvent.change(count, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(count).toHaveAttribute('aria-invalid', 'true'));
    expect(count).toHaveAccessibleDescription(message);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });
});

describe('attendances', () => {
  const texts = {
    userMissing: 'Utente non trovato',
    emailMissing: 'Nessuna email fornita',
    timeMissing: 'Non disponibile',
  };

  it('falls back for a missing user, e-mail and times', () => {
    expect(
      attendanceRow({ id: 1, user_id: null, name: null, email: null, joined_at: null, left_at: null }, texts),
    ).toEqual({
      name: 'Utente non trovato',
      email: 'Nessuna email fornita',
      joined: 'Non disponibile',
      left: 'Non disponibile',
    });
  });

  it('shows the UTC SQL times in Rome time', () => {
    const row = attendanceRow(
      {
        id: 1,
        user_id: 3,
        name: 'Luca Moretti',
        email: 'luca@example.com',
        joined_at: '2026-07-15 08:00:00',
        left_at: '2026-07-15 09:05:00',
      },
      texts,
    );
    expect(row).toEqual({
      name: 'Luca Moretti',
      email: 'luca@example.com',
      joined: '15/07/2026 10:00',
      left: '15/07/2026 11:05',
    });
  });
});
