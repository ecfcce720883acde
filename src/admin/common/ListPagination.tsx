import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';

/** Two pages before and two after the current one (SPEC §2, §9). */
export const PAGINATION_SIBLINGS = 2;

/** "from–to di total" of the page shown, as the API's meta describes it. */
export function pageRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * perPage + 1, total);
  return { from, to: Math.min(page * perPage, total) };
}

/** The pages of a list: the window around the current page and the "from–to di total" summary. */
export function ListPagination() {
  const translate = useTranslate();
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (isPending || !total) return null;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const { from, to } = pageRange(page, perPage, total);
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
          page={Math.min(page, lastPage)}
          siblingCount={PAGINATION_SIBLINGS}
          onChange={(_, next) => setPage(next)}
          color="primary"
          shape="rounded"
          aria-label={translate('app.admin.list.pagination')}
          getItemAriaLabel={(type, itemPage, selected) => {
            if (type === 'page') return selected ? translate('ra.navigation.current_page', { page: itemPage }) : translate('ra.navigation.page', { page: itemPage });
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
