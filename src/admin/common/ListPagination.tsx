import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';
import type { ListMeta } from '../../../server/src/contract';

/** Two pages before and two after the current one. */
export const PAGINATION_SIBLINGS = 2;

/** "from–to di total" of the page shown, as the API's meta describes it. */
export function pageRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * perPage + 1, total);
  return { from, to: Math.min(page * perPage, total) };
}

/** What the pagination shows (from, to, total, lastPage, currentPage). */
export interface PageSummary {
  from: number;
  to: number;
  total: number;
  lastPage: number;
  currentPage: number;
}

function isListMeta(meta: unknown): meta is ListMeta {
  const m = meta as Partial<ListMeta> | null | undefined;
  return !!m && typeof m.total === 'number' && typeof m.last_page === 'number' && typeof m.current_page === 'number';
}

/**
 * The server's list meta when the answer carried one; otherwise (a whole list, or a provider
 * without meta) the same figures computed from the list state.
 */
export function pageSummary(meta: unknown, page: number, perPage: number, total: number): PageSummary {
  if (isListMeta(meta)) {
    return {
      from: meta.from ?? 0,
      to: meta.to ?? 0,
      total: meta.total,
      lastPage: Math.max(1, meta.last_page),
      currentPage: meta.current_page,
    };
  }
  return {
    ...pageRange(page, perPage, total),
    total,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
    currentPage: page,
  };
}

/** The pages of a list: the window around the current page and the "from–to di total" summary. */
export function ListPagination() {
  const translate = useTranslate();
  const { page, perPage, total: listTotal, meta, setPage, isPending } = useListContext();
  if (isPending) return null;
  const { from, to, total, lastPage, currentPage } = pageSummary(meta, page, perPage, listTotal ?? 0);
  if (!total) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2 }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {translate('app.admin.list.range', { from, to, total })}
      </Typography>
      {lastPage > 1 && (
        <Pagination
          count={lastPage}
          page={Math.min(currentPage, lastPage)}
          siblingCount={PAGINATION_SIBLINGS}
          onChange={(_, next) => setPage(next)}
          color="primary"
          shape="rounded"
          aria-label={translate('app.admin.list.pagination')}
          getItemAriaLabel={(type, itemPage, selected) => {
            if (type === 'page')
              return selected
                ? translate('ra.navigation.current_page', { page: itemPage })
                : translate('ra.navigation.page', { page: itemPage });
            if (type === 'previous') return translate('ra.navigation.previous');
            if (type === 'next') return translate('ra.navigation.next');
            if (type === 'first') return translate('ra.navigation.first');
            return translate('ra.navigation.last');
          }}
        />
      )}
    </Stack>
  );
}
