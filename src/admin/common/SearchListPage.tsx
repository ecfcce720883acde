import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListBase, Title, useListContext, useTranslate, type SortPayload } from 'react-admin';
import { ListPagination } from './ListPagination';
import type { RecordMeta } from './FormDialog';
import { SearchBox, searchTerm, SEARCH_FILTER } from './SearchBox';

/** The search applies after 500 ms of pause. */
export const SEARCH_DEBOUNCE_MS = 500;
export const TABLE_PAGE_SIZE = 10;

export interface SearchListPageProps {
  /** The resource listed; the one of the current route by default. */
  resource?: string;
  /** Translation keys of the page's texts. */
  title: string;
  /** Values of the title's placeholders (`%{course}`). */
  titleOptions?: Record<string, unknown>;
  allHeading: string;
  searchPlaceholder: string;
  /** Above the title (e.g. the way back to the parent). */
  before?: ReactNode;
  /** Buttons beside the title (e.g. the create button, already gated). */
  actions?: ReactNode;
  children: ReactNode;
  perPage?: number;
  sort?: SortPayload;
  /** Extra query parameters of the list call (e.g. `{attendances: true}`). */
  query?: Record<string, unknown>;
  /** Passed to the dataProvider's getList (the parent ids of nested records). */
  meta?: RecordMeta;
  /**
   * Keep the search and sort under this store key instead of the URL, so that each parent has its
   * own (the modules of course A are not those of course B).
   */
  storeKey?: string;
  /** Tables page; card grids show everything. */
  paginated?: boolean;
  searchSource?: string;
}

/** 'Tutti …' or 'Risultati per "{term}"' once a search is applied. */
export function ListHeading({ allHeading, source = SEARCH_FILTER }: { allHeading: string; source?: string }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const term = searchTerm(filterValues, source);
  return (
    // A term with no spaces (a pasted link) wraps anywhere rather than widening the page.
    <Typography variant="h2" component="h2" sx={{ my: 2, overflowWrap: 'anywhere' }}>
      {term ? translate('app.admin.list.results_for', { term }) : translate(allHeading)}
    </Typography>
  );
}

/**
 * A back-office list page: h1 "Gestione …", search box with 500 ms debounce, the
 * "Tutti …"/"Risultati per" heading, the records (table or cards) and the pagination.
 * Reading the list requires the resource's `list` access (see guardedViews).
 */
export function SearchListPage({
  resource,
  title,
  titleOptions,
  allHeading,
  searchPlaceholder,
  before,
  actions,
  children,
  perPage = TABLE_PAGE_SIZE,
  sort = { field: 'created_at', order: 'DESC' },
  query,
  meta,
  storeKey,
  paginated = true,
  searchSource = SEARCH_FILTER,
}: SearchListPageProps) {
  const translate = useTranslate();
  const heading = translate(title, titleOptions);
  const listMeta = meta || query ? { ...meta, ...(query && { query }) } : undefined;
  return (
    <ListBase
      resource={resource}
      storeKey={storeKey}
      disableSyncWithLocation={storeKey !== undefined}
      debounce={SEARCH_DEBOUNCE_MS}
      perPage={perPage}
      sort={sort}
      queryOptions={listMeta ? { meta: listMeta } : undefined}
    >
      <Title title={heading} />
      <Box component="section" sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
        {before}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 2 }}
        >
          <Typography variant="h1" component="h1">
            {heading}
          </Typography>
          {actions && (
            <Stack direction="row" sx={{ gap: 1 }}>
              {actions}
            </Stack>
          )}
        </Stack>
        <SearchBox placeholder={translate(searchPlaceholder)} source={searchSource} />
        <ListHeading allHeading={allHeading} source={searchSource} />
        {children}
        {paginated && <ListPagination />}
      </Box>
    </ListBase>
  );
}
