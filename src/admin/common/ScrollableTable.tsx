import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';

export interface ScrollableTableProps {
  /** The id of the table's title, which names the region; or `label` when there is none. */
  labelledBy?: string;
  label?: string;
  /** In an outlined paper, like the back-office lists. */
  outlined?: boolean;
  children: ReactNode;
}

/**
 * The frame of a table that may scroll sideways (on a phone, most do): a named region reachable
 * with Tab, so that a keyboard user can scroll to the hidden columns with the arrow keys even when
 * no cell holds a control.
 */
export function ScrollableTable({ labelledBy, label, outlined = false, children }: ScrollableTableProps) {
  const region = {
    tabIndex: 0,
    role: 'region',
    'aria-labelledby': labelledBy,
    'aria-label': labelledBy ? undefined : label,
  };
  return outlined ? (
    <TableContainer component={Paper} variant="outlined" {...region}>
      {children}
    </TableContainer>
  ) : (
    <TableContainer {...region}>{children}</TableContainer>
  );
}
