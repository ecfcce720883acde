import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { {{Singular}}List } from '../../src/admin/{{name}}/{{Singular}}List';
import { to{{Singular}}Body } from '../../src/admin/{{name}}/{{Singular}}Inputs';
import { renderAdmin, testDataProvider } from './support/adminHarness';

const record = (id: number, name: string, description: string | null = null) => ({
  id,
  name,
  description,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const ALL = ['read_{{name}}', 'create_{{name}}', 'update_{{name}}', 'delete_{{name}}'];

function renderList(rows = [record(1, 'Alfa', 'La prima'), record(2, 'Beta')], permissions = ALL) {
  const dataProvider = testDataProvider(rows);
  renderAdmin(<{{Singular}}List />, { dataProvider, resource: '{{name}}', permissions });
  return dataProvider;
}

const rowOf = (name: string) => within(screen.getByText(name).closest('tr')!);

/** A dialog's form loads react-admin's inputs: on a busy machine that alone takes seconds. */
const SLOW = 20_000;

describe('the back-office section of {{many}}', { timeout: SLOW }, () => {
  it('lists them under its title, with their description', async () => {
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: {{q:pageTitle}} })).toBeInTheDocument();
    expect(await screen.findByText('Alfa')).toBeInTheDocument();
    expect(screen.getByText('La prima')).toBeInTheDocument();
    expect(screen.getByText('Beta')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: {{q:all}} })).toBeInTheDocument();
  });

  it('searches by name', async () => {
    const dataProvider = renderList();
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Cerca' }), { target: { value: 'alf' } });
    await waitFor(() =>
      expect(dataProvider.getList.mock.calls.map(([, params]) => params.filter)).toContainEqual({ search: 'alf' }),
    );
  });

  it('says so when there is none', async () => {
    renderList([]);
    expect(await screen.findByText({{q:none}})).toBeInTheDocument();
  });

  it('creates one from the dialog, a blank description sent as null', async () => {
    const dataProvider = renderList();
    fireEvent.click(await screen.findByRole('button', { name: {{q:new}} }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Gamma' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        '{{name}}',
        expect.objectContaining({ data: { name: 'Gamma', description: null } }),
      ),
    );
  });

  it('edits one in the dialog', async () => {
    const dataProvider = renderList();
    fireEvent.click(await waitFor(() => rowOf('Alfa').getByRole('button', { name: /^Modifica/ })));
    const dialog = await screen.findByRole('dialog');
    const description = await within(dialog).findByRole('textbox', { name: 'Descrizione' });
    await waitFor(() => expect(description).toHaveValue('La prima'));
    fireEvent.change(description, { target: { value: 'Cambiata' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        '{{name}}',
        expect.objectContaining({ id: 1, data: { name: 'Alfa', description: 'Cambiata' } }),
      ),
    );
  });

  it('deletes one after asking', async () => {
    const dataProvider = renderList();
    fireEvent.click(await waitFor(() => rowOf('Alfa').getByRole('button', { name: /^Elimina/ })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText({{q:deleteConfirmAlfa}})).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(dataProvider.delete).toHaveBeenCalledWith('{{name}}', expect.objectContaining({ id: 1 })),
    );
  });

  it('offers to create, edit and delete only with those permissions', async () => {
    renderList(undefined, ['read_{{name}}']);
    expect(await screen.findByText('Alfa')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: {{q:new}} })).toBeNull();
    expect(rowOf('Alfa').queryByRole('button', { name: /^Modifica/ })).toBeNull();
    expect(rowOf('Alfa').queryByRole('button', { name: /^Elimina/ })).toBeNull();
  });
});

describe('the body of a {{one}} form', () => {
  it('keeps the name and sends a blank description as null', () => {
    expect(to{{Singular}}Body({ id: 1, name: 'Alfa', description: '  ', created_at: 'x' })).toEqual({
      name: 'Alfa',
      description: null,
    });
    expect(to{{Singular}}Body({ name: 'Alfa', description: 'Testo' })).toEqual({ name: 'Alfa', description: 'Testo' });
  });
});
