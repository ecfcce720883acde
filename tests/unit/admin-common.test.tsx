import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, ListContextProvider, Notification, type ListControllerResult } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChipList } from '../../src/admin/common/ChipList';
import { ListPagination, pageRange } from '../../src/admin/common/ListPagination';
import { DeleteRecordButton } from '../../src/admin/common/DeleteRecordButton';
import { CreateRecordButton } from '../../src/admin/common/RecordButtons';
import { ResourceTable } from '../../src/admin/common/ResourceTable';
import { SearchListPage } from '../../src/admin/common/SearchListPage';
import { SearchPicker } from '../../src/admin/common/SearchPicker';
import { SearchBox } from '../../src/admin/common/SearchBox';
import { userPicker } from '../../src/admin/common/pickers';
import { limitItems, truncate } from '../../src/admin/common/text';
import { renderAdmin, testDataProvider } from './support/adminHarness';

afterEach(() => {
  vi.useRealTimers();
});

function listContext(overrides: Partial<ListControllerResult>): ListControllerResult {
  return {
    data: [],
    total: 0,
    page: 1,
    perPage: 10,
    setPage: vi.fn(),
    isPending: false,
    filterValues: {},
    displayedFilters: {},
    setFilters: vi.fn(),
    ...overrides,
  } as unknown as ListControllerResult;
}

describe('the list search box', () => {
  /** The box in a list whose applied filter the test sets, as the list's debounced update would. */
  function renderBox(filterValues: Record<string, unknown>) {
    const setFilters = vi.fn();
    let setApplied: (values: Record<string, unknown>) => void = () => undefined;
    function List() {
      const [values, setValues] = useState(filterValues);
      setApplied = setValues;
      return (
        <ListContextProvider value={listContext({ filterValues: values, setFilters })}>
          <SearchBox placeholder="Cerca per nome…" />
        </ListContextProvider>
      );
    }
    renderAdmin(<List />);
    return { setFilters, apply: (values: Record<string, unknown>) => act(() => setApplied(values)) };
  }

  it('keeps what was typed after a pause when the list applies the term of the pause', async () => {
    const { setFilters, apply } = renderBox({});
    const input = await screen.findByRole('searchbox', { name: 'Cerca' });
    fireEvent.change(input, { target: { value: 'paola@exa' } });
    fireEvent.change(input, { target: { value: 'paola@exam' } });
    expect(setFilters).toHaveBeenLastCalledWith({ search: 'paola@exam' }, {}, true);
    // The debounced filter of the pause lands while the user has typed on.
    apply({ search: 'paola@exa' });
    expect(input).toHaveValue('paola@exam');
    apply({ search: 'paola@exam' });
    expect(input).toHaveValue('paola@exam');
  });

  it('follows a change of the filter made elsewhere (back navigation, a reset)', async () => {
    const { apply } = renderBox({ search: 'rossi' });
    const input = await screen.findByRole('searchbox', { name: 'Cerca' });
    expect(input).toHaveValue('rossi');
    fireEvent.change(input, { target: { value: 'rossi mario' } });
    apply({ search: 'bianchi' });
    expect(input).toHaveValue('bianchi');
    apply({});
    expect(input).toHaveValue('');
  });
});

describe('pagination', () => {
  it('shows two pages before and after the current one, plus from–to of total', async () => {
    renderAdmin(
      <ListContextProvider value={listContext({ page: 6, perPage: 10, total: 200 })}>
        <ListPagination />
      </ListContextProvider>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Paginazione' });
    for (const page of [4, 5, 7, 8])
      expect(within(nav).getByRole('button', { name: `Vai alla pagina ${page}` })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Pagina 6' })).toHaveAttribute('aria-current', 'page');
    for (const page of [2, 3, 9, 10, 19])
      expect(within(nav).queryByRole('button', { name: `Vai alla pagina ${page}` })).toBeNull();
    expect(screen.getByText('51–60 di 200')).toBeInTheDocument();
  });

  it('computes the range of the last, partial page', () => {
    expect(pageRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('text rules', () => {
  it('cuts table descriptions at 32 characters', () => {
    const long = 'Una descrizione decisamente più lunga di trentadue caratteri';
    expect(truncate(long)).toBe(`${long.slice(0, 32)}...`);
    expect(truncate('a'.repeat(32))).toBe('a'.repeat(32));
    expect(truncate(null)).toBe('');
  });

  it('lists at most 3 items, then +N', () => {
    expect(limitItems([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], hidden: 2 });
    renderAdmin(<ChipList labels={['Alfa', 'Beta', 'Gamma', 'Delta', 'Epsilon']} />);
    expect(screen.getByText('Alfa')).toBeInTheDocument();
    expect(screen.getByText('Gamma')).toBeInTheDocument();
    expect(screen.queryByText('Delta')).toBeNull();
    expect(screen.getByText('+2')).toBeInTheDocument();
  });
});

describe('search list page', () => {
  const rows = [{ id: 1, name: 'Mario', email: 'mario@example.com' }];

  function renderPage() {
    const dataProvider = testDataProvider(rows);
    renderAdmin(
      <SearchListPage
        title="resources.experts.page.title"
        allHeading="resources.experts.page.all"
        searchPlaceholder="resources.experts.page.search"
      >
        <ResourceTable columns={[{ source: 'name' }, { source: 'email' }]} empty="resources.experts.page.empty" />
      </SearchListPage>,
      { dataProvider, resource: 'experts' },
    );
    return dataProvider;
  }

  it('has the h1 "Gestione …", the "Tutti …" heading and a table with column headers', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestione Esperti' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tutti gli esperti' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('searches once after the 500 ms pause and titles the results', async () => {
    const dataProvider = renderPage();
    await screen.findByText('Mario');
    const calls = dataProvider.getList.mock.calls.length;
    const box = screen.getByRole('searchbox', { name: 'Cerca' });
    fireEvent.change(box, { target: { value: 'm' } });
    fireEvent.change(box, { target: { value: 'ma' } });
    fireEvent.change(box, { target: { value: 'mar' } });
    await waitFor(
      () => expect(screen.getByRole('heading', { level: 2, name: 'Risultati per "mar"' })).toBeInTheDocument(),
      { timeout: 2000 },
    );
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBe(calls + 1));
    expect(dataProvider.getList.mock.calls.at(-1)?.[1]).toMatchObject({ filter: { search: 'mar' } });
  });

  it('shows the empty state', async () => {
    renderAdmin(
      <SearchListPage
        title="resources.experts.page.title"
        allHeading="resources.experts.page.all"
        searchPlaceholder="resources.experts.page.search"
      >
        <ResourceTable columns={[{ source: 'name' }]} empty="resources.experts.page.empty" />
      </SearchListPage>,
      { resource: 'experts' },
    );
    expect(await screen.findByText('Nessun esperto trovato')).toBeInTheDocument();
  });
});

describe('pickers', () => {
  it('search from 2 characters, once typing pauses for 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const dataProvider = testDataProvider([{ id: 3, name: 'Luca', surname: 'Moretti', email: 'luca@example.com' }]);
    renderAdmin(<SearchPicker config={userPicker} label="Utente" value={null} onChange={() => undefined} />, {
      dataProvider,
    });
    const input = screen.getByRole('combobox', { name: 'Utente' });
    act(() => {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: 'l' } });
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(dataProvider.getList).not.toHaveBeenCalled();
    expect(screen.getByText('Digita almeno 2 caratteri')).toBeInTheDocument();

    act(() => fireEvent.change(input, { target: { value: 'lu' } }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    act(() => fireEvent.change(input, { target: { value: 'luc' } }));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(dataProvider.getList).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(dataProvider.getList).toHaveBeenCalledTimes(1);
    expect(dataProvider.getList.mock.calls[0]?.[0]).toBe('users');
    expect(dataProvider.getList.mock.calls[0]?.[1]).toMatchObject({ filter: { search: 'luc' } });
    expect(screen.getByText('Luca Moretti')).toBeInTheDocument();
  });

  it('says "Nessun utente trovato." when the search finds nobody', async () => {
    const dataProvider = testDataProvider([]);
    renderAdmin(<SearchPicker config={userPicker} label="Utente" value={null} onChange={() => undefined} />, {
      dataProvider,
    });
    const input = screen.getByRole('combobox', { name: 'Utente' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('Nessun utente trovato.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it("takes the height of the small fields beside it in a filter bar, and a form field's otherwise", () => {
    const { unmount } = renderAdmin(
      <SearchPicker config={userPicker} label="Persona" size="small" value={null} onChange={() => undefined} />,
      { dataProvider: testDataProvider([]) },
    );
    const small = screen.getByRole('combobox', { name: 'Persona' });
    expect(small.closest('.MuiInputBase-root')).toHaveClass('MuiInputBase-sizeSmall');
    expect(small.closest('.MuiFormControl-root')).not.toHaveClass('MuiFormControl-marginDense');
    unmount();
    renderAdmin(<SearchPicker config={userPicker} label="Utente" value={null} onChange={() => undefined} />, {
      dataProvider: testDataProvider([]),
    });
    const regular = screen.getByRole('combobox', { name: 'Utente' });
    expect(regular.closest('.MuiInputBase-root')).not.toHaveClass('MuiInputBase-sizeSmall');
    expect(regular.closest('.MuiFormControl-root')).toHaveClass('MuiFormControl-marginDense');
  });
});

describe('permission gates', () => {
  const team = { id: 5, name: 'Agrisense' };

  function renderButtons(permissions: string[]) {
    renderAdmin(
      <>
        <CreateRecordButton label="resources.teams.page.create" title="resources.teams.page.create_title">
          <span />
        </CreateRecordButton>
        <DeleteRecordButton record={team} name={team.name} confirmText="resources.teams.page.delete_confirm" />
      </>,
      { permissions, resource: 'teams' },
    );
  }

  it('hide create and delete without create_teams and delete_teams', async () => {
    renderButtons(['read_teams']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Nuovo team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull();
  });

  it('show them with the permissions, and delete goes through the confirm dialog', async () => {
    renderButtons(['read_teams', 'create_teams', 'delete_teams']);
    expect(await screen.findByRole('button', { name: 'Nuovo team' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sei sicuro di voler eliminare il team "Agrisense"?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Conferma' })).toBeInTheDocument();
  });

  it('"developer" passes every gate', async () => {
    renderButtons(['developer']);
    expect(await screen.findByRole('button', { name: 'Nuovo team' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Elimina' })).toBeInTheDocument();
  });
});

describe('a refused delete', () => {
  const user = { id: 1, name: 'Alessandra Bianchi' };
  const refused = () =>
    testDataProvider([], {
      delete: vi.fn(async () => {
        throw new HttpError('Forbidden', 403, { message: 'Non puoi eliminare il tuo account.' });
      }),
    });

  function confirmDelete(failures?: 'notify' | 'log') {
    renderAdmin(
      <>
        <DeleteRecordButton
          record={user}
          name={user.name}
          confirmText="resources.users.page.delete_confirm"
          failures={failures}
        />
        <Notification />
      </>,
      { resource: 'users', dataProvider: refused() },
    );
    return screen.findByRole('button', { name: 'Elimina' }).then(async (button) => {
      fireEvent.click(button);
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));
    });
  }

  it("shows the server's reason", async () => {
    await confirmDelete();
    expect(await screen.findByText('Non puoi eliminare il tuo account.')).toBeInTheDocument();
  });

  it('is only logged where the back-office does not show it (sessions, roles)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await confirmDelete('log');
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByText('Non puoi eliminare il tuo account.')).toBeNull();
    log.mockRestore();
  });
});

describe('a double click', () => {
  it('on "Crea" creates the record once', async () => {
    let finish: () => void = () => undefined;
    const dataProvider = testDataProvider([], {
      create: vi.fn(
        (_resource: string, { data }: { data: Record<string, unknown> }) =>
          new Promise((resolve) => {
            finish = () => resolve({ data: { id: 7, ...data } });
          }),
      ) as never,
    });
    const { CreateDialog } = await import('../../src/admin/common/FormDialog');
    const { TextInput } = await import('react-admin');
    renderAdmin(
      <CreateDialog open onClose={() => undefined} resource="teams" title="Nuovo team">
        <TextInput source="name" />
      </CreateDialog>,
      { dataProvider, resource: 'teams' },
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nome' }), { target: { value: 'Doppio' } });
    const create = screen.getByRole('button', { name: 'Crea' });
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    fireEvent.click(create);
    await act(async () => finish());
    expect(dataProvider.create).toHaveBeenCalledTimes(1);
  });

  it('on "Conferma" confirms once', async () => {
    const { ConfirmDialog } = await import('../../src/admin/common/ConfirmDialog');
    const onConfirm = vi.fn();
    renderAdmin(
      <ConfirmDialog open title="Elimina" content="Sicuro?" onConfirm={onConfirm} onClose={() => undefined} />,
    );
    const confirm = await screen.findByRole('button', { name: 'Conferma' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('a form dialog with unsaved changes', () => {
  it('asks before Escape throws them away; untouched, it closes at once', async () => {
    const { CreateDialog } = await import('../../src/admin/common/FormDialog');
    const { TextInput } = await import('react-admin');
    const onClose = vi.fn();
    renderAdmin(
      <CreateDialog open onClose={onClose} resource="teams" title="Nuovo team">
        <TextInput source="name" />
      </CreateDialog>,
      { resource: 'teams' },
    );
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(name, { target: { value: 'Una descrizione lunga' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Chiudere senza salvare?' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(ask).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chiudere senza salvare?' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Una descrizione lunga');

    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nome' }), { key: 'Escape' });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Chiudere senza salvare?' })).getByRole('button', {
        name: 'Conferma',
      }),
    );
    // The question closes first, then the form (so that focus goes back through the form).
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('asks even when Escape comes right after typing, before React has rendered again', async () => {
    const { CreateDialog } = await import('../../src/admin/common/FormDialog');
    const { TextInput } = await import('react-admin');
    const onClose = vi.fn();
    renderAdmin(
      <CreateDialog open onClose={onClose} resource="teams" title="Nuovo team">
        <TextInput source="name" />
      </CreateDialog>,
      { resource: 'teams' },
    );
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    // One batch: React renders and runs effects only after both events (a busy or slow device).
    act(() => {
      fireEvent.change(name, { target: { value: 'Da non salvare' } });
      fireEvent.keyDown(name, { key: 'Escape' });
    });
    expect(await screen.findByRole('dialog', { name: 'Chiudere senza salvare?' })).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('an edit form saved after someone else saved the same record', () => {
  it('overwrites nothing: it reloads the record, keeps what was typed, says so, and the next save applies', async () => {
    const stored = { id: 5, name: 'Agrisense', description: 'Prima' };
    const update = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => {
      if (update.mock.calls.length === 1) {
        // Meanwhile, another person renamed the team.
        stored.name = 'Agrisense Labs';
        throw new HttpError(
          "Nel frattempo un'altra persona ha modificato questo elemento: le modifiche non sono state salvate.",
          412,
          {},
        );
      }
      Object.assign(stored, data);
      return { data: { ...stored } as never };
    });
    const dataProvider = testDataProvider([], {
      getOne: vi.fn(async () => ({ data: { ...stored } as never })) as never,
      update: update as never,
    });
    const { EditDialog } = await import('../../src/admin/common/FormDialog');
    const { TextInput } = await import('react-admin');
    const onClose = vi.fn();
    renderAdmin(
      <>
        <EditDialog open onClose={onClose} id={5} resource="teams" title="Modifica team">
          <TextInput source="name" />
          <TextInput source="description" />
        </EditDialog>
        <Notification />
      </>,
      { dataProvider, resource: 'teams' },
    );
    const description = await screen.findByRole('textbox', { name: 'Descrizione' });
    fireEvent.change(description, { target: { value: 'Scritta da me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Nel frattempo un'altra persona ha salvato modifiche a questo elemento",
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Agrisense Labs'));
    expect(screen.getByRole('textbox', { name: 'Descrizione' })).toHaveValue('Scritta da me');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledTimes(2);
    expect(update.mock.calls[1][1].data).toMatchObject({ name: 'Agrisense Labs', description: 'Scritta da me' });
  });
});
