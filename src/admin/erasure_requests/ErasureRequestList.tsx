import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ListBase, Title, useBasename, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from '../../routing/Link';
import { formatRomeDateTime } from '../common/dateTime';
import { ListPagination } from '../common/ListPagination';
import { ResourceTable, type Column } from '../common/ResourceTable';
import { SEARCH_FILTER } from '../common/SearchBox';
import type { ErasureRequestResource } from '../../../server/src/contract';

const RESOURCE = 'erasure_requests';
type ErasureRequest = ErasureRequestResource & RaRecord;

const key = (path: string) => `resources.erasure_requests.${path}`;

/** The person, linked to the users list filtered on their e-mail (where staff delete the account). */
function Person({ record }: { record: ErasureRequest }) {
  const translate = useTranslate();
  const basename = useBasename();
  if (!record.user) return <>{translate(key('page.erased'))}</>;
  const name = `${record.user.name} ${record.user.surname}`.trim();
  const to = `${basename}/users?filter=${encodeURIComponent(JSON.stringify({ [SEARCH_FILTER]: record.user.email }))}`;
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Link component={RouterLink} to={to} aria-label={translate(key('page.open_user'), { name })}>
        {name}
      </Link>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {record.user.email}
      </Typography>
    </Box>
  );
}

function Status({ record }: { record: ErasureRequest }) {
  const translate = useTranslate();
  return (
    <Typography component="span" sx={{ fontWeight: record.status === 'pending' ? 700 : 400 }}>
      {translate(key(`status.${record.status}`))}
    </Typography>
  );
}

const columns: Column<ErasureRequest>[] = [
  { source: 'requested_at', render: (record) => formatRomeDateTime(record.requested_at) },
  { source: 'user', render: (record) => <Person record={record} /> },
  { source: 'status', render: (record) => <Status record={record} /> },
  { source: 'completed_at', render: (record) => (record.completed_at ? formatRomeDateTime(record.completed_at) : '') },
  {
    source: 'completed_by',
    render: (record) =>
      record.completed_by ? `${record.completed_by.name} ${record.completed_by.surname}`.trim() : '',
  },
];

/**
 * Richieste di cancellazione: the pending ones first, then the newest. Staff carry one out by
 * deleting the person's account in Gestione utenti; the request then shows as done.
 */
export function ErasureRequestList() {
  const translate = useTranslate();
  const heading = translate(key('page.title'));
  return (
    <ListBase resource={RESOURCE} perPage={10}>
      <Title title={heading} />
      <Box component="section" sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{translate(key('page.intro'))}</Typography>
        <ResourceTable<ErasureRequest> columns={columns} empty={key('page.empty')} />
        <ListPagination />
      </Box>
    </ListBase>
  );
}
