import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchPicker } from '../../src/admin/common/SearchPicker';
import { coordinatorPicker, newExpertPicker } from '../../src/admin/common/pickers';
import { toListQuery } from '../../src/dataProvider/listQuery';
import { renderAdmin, testDataProvider } from './support/adminHarness';

/** Coordinator candidates are filtered to developer true. */
describe('coordinator picker', () => {
  it('searches users with filter developer=true besides the typed text', async () => {
    const dataProvider = testDataProvider([{ id: 4, name: 'Paolo', surname: 'Ricci', email: 'paolo@example.com' }]);
    renderAdmin(
      <SearchPicker config={coordinatorPicker} label="Coordinatore" value={null} onChange={() => undefined} />,
      { dataProvider },
    );
    const input = screen.getByRole('combobox', { name: 'Coordinatore' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pao' } });
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledTimes(1), { timeout: 2000 });
    const [resource, params] = dataProvider.getList.mock.calls[0]!;
    expect(resource).toBe('users');
    expect(params).toMatchObject({ filter: { developer: true, search: 'pao' } });
    expect(decodeURIComponent(toListQuery(params as Parameters<typeof toListQuery>[0]))).toContain(
      'filter[developer]=true&filter[search]=pao',
    );
    expect(await screen.findByText('Paolo Ricci')).toBeInTheDocument();
  });

  it('says "Nessun utente trovato." when no staff member matches', async () => {
    const dataProvider = testDataProvider([]);
    renderAdmin(
      <SearchPicker config={coordinatorPicker} label="Coordinatore" value={null} onChange={() => undefined} />,
      { dataProvider },
    );
    const input = screen.getByRole('combobox', { name: 'Coordinatore' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('Nessun utente trovato.', {}, { timeout: 2000 })).toBeInTheDocument();
  });
});

describe('picker buttons', () => {
  it('names its open, close and clear buttons in Italian', async () => {
    const chosen = { id: 4, name: 'Paolo', surname: 'Ricci', email: 'paolo@example.com' };
    renderAdmin(
      <SearchPicker config={coordinatorPicker} label="Coordinatore" value={chosen} onChange={() => undefined} />,
      {
        dataProvider: testDataProvider([chosen]),
      },
    );
    const open = await screen.findByRole('button', { name: 'Mostra le proposte' });
    expect(open).toHaveAttribute('title', 'Mostra le proposte');
    fireEvent.click(open);
    expect(await screen.findByRole('button', { name: 'Nascondi le proposte' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Coordinatore' }), { target: { value: 'pa' } });
    expect(await screen.findByRole('button', { name: 'Svuota', hidden: true })).toHaveAttribute('title', 'Svuota');
  });
});

describe('new expert picker', () => {
  it('lists a user who already is an expert as such, and does not let them be picked', async () => {
    const dataProvider = testDataProvider([
      { id: 4, name: 'Paolo', surname: 'Ricci', email: 'paolo@example.com', is_expert: true },
      { id: 5, name: 'Paola', surname: 'Rossi', email: 'paola@example.com', is_expert: false },
    ]);
    const picked: unknown[] = [];
    renderAdmin(
      <SearchPicker config={newExpertPicker} label="Utente" value={null} onChange={(value) => picked.push(value)} />,
      { dataProvider },
    );
    const input = screen.getByRole('combobox', { name: 'Utente' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pao' } });
    const expert = await screen.findByRole('option', { name: /Paolo Ricci/ }, { timeout: 2000 });
    expect(expert).toHaveTextContent('paolo@example.com · È già un esperto');
    expect(expert).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /Paola Rossi/ })).not.toHaveAttribute('aria-disabled', 'true');
    // The keyboard passes over the expert to the first user who can be picked.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked).toMatchObject([{ id: 5 }]);
  });
});
