import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListBase, Title, useTranslate } from 'react-admin';
import { ListHeading, SEARCH_DEBOUNCE_MS } from '../common/SearchListPage';
import { SearchBox } from '../common/SearchBox';
import type { ParentMeta } from './NestedFormDialogs';

/** Courses, modules and lessons are searched by `filter[name]`. */
export const NAME_FILTER = 'name';
/** Card grids show the whole list (the API's largest page). */
export const WHOLE_LIST = 10000;

export interface NestedListPageProps {
  resource: string;
  meta: ParentMeta;
  /** Each parent keeps its own search and sort (modules of course A ≠ modules of course B). */
  storeKey: string;
  /** The page's h1, already translated. */
  title: string;
  /** Translation keys. */
  allHeading: string;
  searchPlaceholder: string;
  /** Above the title (the way back). */
  before?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The modules and lessons pages (SPEC §2): h1, search by name applied after 500 ms of pause,
 * "Tutti …"/'Risultati per "…"', then the cards, sorted by position.
 */
export function NestedListPage({ resource, meta, storeKey, title, allHeading, searchPlaceholder, before, actions, children }: NestedListPageProps) {
  const translate = useTranslate();
  return (
    <ListBase
      resource={resource}
      storeKey={storeKey}
      debounce={SEARCH_DEBOUNCE_MS}
      perPage={WHOLE_LIST}
      sort={{ field: 'position', order: 'ASC' }}
      queryOptions={{ meta }}
      disableSyncWithLocation
    >
      <Title title={title} />
      <Box component="section" sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
        {before}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 2 }}>
          <Typography variant="h1" component="h1">
            {title}
          </Typography>
          {actions && <Stack direction="row" sx={{ gap: 1 }}>{actions}</Stack>}
        </Stack>
        <SearchBox placeholder={translate(searchPlaceholder)} source={NAME_FILTER} />
        <ListHeading allHeading={allHeading} source={NAME_FILTER} />
        {children}
      </Box>
    </ListBase>
  );
}

