import { screen, within } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination, pageSummary } from '../../src/admin/common/ListPagination';
import { ResourceTable } from '../../src/admin/common/ResourceTable';
import { SearchListPage } from '../../src/admin/common/SearchListPage';
import { renderAdmin, testDataProvider } from './support/adminHarness';

/** The pagination shows the server's meta (from, to, total, lastPage, currentPage). */

/** A meta that disagrees with what page/perPage/total would give, so its source is visible. */
const serverMeta = { current_page: 10, last_page: 20, per_page: 15, from: 136, to: 150, total: 300 };

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

describe('pageSummary', () => {
  it('takes from, to, total, last page and current page from the server meta', () => {
    expect(pageSummary(serverMeta, 10, 10, 300)).toEqual({
      from: 136,
      to: 150,
      total: 300,
      lastPage: 20,
      currentPage: 10,
    });
    expect(pageSummary({ ...serverMeta, current_page: 30, from: null, to: null }, 30, 15, 300)).toMatchObject({
      from: 0,
      to: 0,
      currentPage: 30,
    });
  });

  it('computes them only when the answer had no meta', () => {
    expect(pageSummary(undefined, 3, 10, 23)).toEqual({ from: 21, to: 23, total: 23, lastPage: 3, currentPage: 3 });
    expect(pageSummary({ something: 'else' }, 1, 10, 0)).toEqual({
      from: 0,
      to: 0,
      total: 0,
      lastPage: 1,
      currentPage: 1,
    });
  });
});

describe('ListPagination with the server meta', () => {
  it('renders the meta range and the two-page window around meta.current_page', async () => {
    renderAdmin(
      <ListContextProvider value={listContext({ page: 10, perPage: 10, total: 300, meta: serverMeta })}>
        <ListPagination />
      </ListContextProvider>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Paginazione' });
    expect(screen.getByText('136–150 di 300')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Pagina 10' })).toHaveAttribute('aria-current', 'page');
    for (const page of [8, 9, 11, 12, 20])
      expect(within(nav).getByRole('button', { name: `Vai alla pagina ${page}` })).toBeInTheDocument();
    for (const page of [7, 13, 30])
      expect(within(nav).queryByRole('button', { name: `Vai alla pagina ${page}` })).toBeNull();
  });

  it('receives the meta the dataProvider returned through the list page', async () => {
    const rows = [{ id: 1, name: 'Mario' }];
    const dataProvider = testDataProvider(rows, {
      getList: vi.fn(async () => ({
        data: rows,
        total: 31,
        meta: { current_page: 1, last_page: 4, per_page: 10, from: 1, to: 1, total: 31 },
      })) as never,
    });
    renderAdmin(
      <SearchListPage
        title="resources.experts.page.title"
        allHeading="resources.experts.page.all"
        searchPlaceholder="resources.experts.page.search"
      >
        <ResourceTable columns={[{ source: 'name' }]} empty="resources.experts.page.empty" />
      </SearchListPage>,
      { dataProvider, resource: 'experts' },
    );
    expect(await screen.findByText('1–1 di 31')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Paginazione' });
    expect(within(nav).getByRole('button', { name: 'Vai alla pagina 4' })).toBeInTheDocument();
  });
});
