import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError, ListContextProvider, Notification, type ListControllerResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { MoveButtons, OrderMovesProvider } from '../../src/admin/courses/OrderMoves';
import { renderAdmin, testDataProvider } from './support/adminHarness';

const modules = [
  { id: 1, name: 'Avvio', position: 1 },
  { id: 2, name: 'Mercato', position: 4 },
  { id: 3, name: 'Vendite', position: 6 },
];

/** The module cards' moves in a list of `modules`, searched by `filterValues`. */
function renderMoves(moveModule: (...args: unknown[]) => Promise<unknown>, filterValues: Record<string, unknown> = {}) {
  const list = {
    data: modules,
    total: modules.length,
    filterValues,
    sort: { field: 'position', order: 'ASC' },
  } as unknown as ListControllerResult;
  renderAdmin(
    <>
      <ListContextProvider value={list}>
        <OrderMovesProvider resource="modules" meta={{ courseId: 5 }}>
          {modules.map((module) => (
            <MoveButtons key={module.id} resource="modules" record={module} />
          ))}
        </OrderMovesProvider>
      </ListContextProvider>
      <Notification />
    </>,
    { dataProvider: testDataProvider([], { moveModule } as never) },
  );
}

describe('the module cards\' "Sposta prima" / "Sposta dopo"', () => {
  it('name the module; the first has no "Sposta prima", the last no "Sposta dopo"', async () => {
    const moveModule = vi.fn(async () => [
      { ...modules[0], position: 4 },
      { ...modules[1], position: 1 },
    ]);
    renderMoves(moveModule);
    expect(await screen.findByRole('button', { name: 'Sposta dopo «Avvio»' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sposta prima «Avvio»' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sposta prima «Vendite»' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sposta dopo «Vendite»' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sposta dopo «Avvio»' }));
    await waitFor(() => expect(moveModule).toHaveBeenCalledWith(5, 1, 'later'));
  });

  it("show the server's refusal as a notification", async () => {
    const moveModule = vi.fn(async () => {
      throw new HttpError("Il modulo è già l'ultimo.", 422, {
        message: "Il modulo è già l'ultimo.",
        errors: { direction: ["Il modulo è già l'ultimo."] },
      });
    });
    renderMoves(moveModule);
    fireEvent.click(await screen.findByRole('button', { name: 'Sposta prima «Mercato»' }));
    expect(await screen.findByText("Il modulo è già l'ultimo.")).toBeInTheDocument();
  });

  it('are not offered on a list searched by name', async () => {
    renderMoves(vi.fn(), { name: 'Merc' });
    // The admin context renders its children after its first effects.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryAllByRole('button', { name: /^Sposta / })).toEqual([]);
  });
});
