import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RecordRowName } from './rowName';
import { RecordContextProvider, useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';

export interface Column<RecordType extends RaRecord = RaRecord> {
  /** The field: its header comes from `resources.<resource>.fields.<source>`. */
  source: string;
  /** A translation key or text replacing the field's label. */
  label?: string;
  /** What the cell shows; the raw value by default. */
  render?: (record: RecordType) => ReactNode;
}

export interface ResourceTableProps<RecordType extends RaRecord = RaRecord> {
  columns: Column<RecordType>[];
  /** The row's action buttons (each gated by its permission). */
  rowActions?: (record: RecordType) => ReactNode;
  /** Translation key of the empty state. */
  empty: string;
}

export function ListSpinner() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status" aria-live="polite">
      <CircularProgress aria-label={translate('app.admin.list.loading')} />
    </Box>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} role="status">
      {text}
    </Typography>
  );
}

/**
 * The records of a list as an accessible table: real column headers, no bulk selection, the row
 * actions in their own labelled column; a spinner while loading, and the empty text when nothing matches.
 */
export function ResourceTable<RecordType extends RaRecord = RaRecord>({
  columns,
  rowActions,
  empty,
}: ResourceTableProps<RecordType>) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { data, isPending, error } = useListContext<RecordType>();
  if (isPending) return <ListSpinner />;
  if (error) return <EmptyState text={translate('app.admin.error')} />;
  if (!data || data.length === 0) return <EmptyState text={translate(empty)} />;

  const header = (column: Column<RecordType>) =>
    translate(column.label ?? `resources.${resource}.fields.${column.source}`, { _: column.label ?? column.source });

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.source} component="th" scope="col" sx={{ fontWeight: 700 }}>
                {header(column)}
              </TableCell>
            ))}
            {rowActions && (
              <TableCell component="th" scope="col" align="right" sx={{ fontWeight: 700 }}>
                {translate('app.admin.list.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((record) => (
            <RecordContextProvider key={record.id} value={record}>
              <RecordRowName record={record}>
                <TableRow hover>
                  {columns.map((column) => (
                    <TableCell key={column.source}>
                      {column.render
                        ? column.render(record)
                        : String((record as Record<string, unknown>)[column.source] ?? '')}
                    </TableCell>
                  ))}
                  {rowActions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {rowActions(record)}
                    </TableCell>
                  )}
                </TableRow>
              </RecordRowName>
            </RecordContextProvider>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
