import type { MouseEventHandler, ReactElement } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';

export interface RowActionProps {
  /** The visible tooltip and the accessible name. */
  label: string;
  icon: ReactElement;
  onClick?: MouseEventHandler<HTMLElement>;
  /** An app route: the action is a link. */
  to?: string;
  color?: 'default' | 'primary' | 'error';
}

/** One action of a table row or card: an icon button (or link) named by its label. */
export function RowAction({ label, icon, onClick, to, color = 'default' }: RowActionProps) {
  const button = to ? (
    <IconButton component={RouterLink} to={to} aria-label={label} size="small" color={color}>
      {icon}
    </IconButton>
  ) : (
    <IconButton onClick={onClick} aria-label={label} size="small" color={color}>
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={label} describeChild>
      {button}
    </Tooltip>
  );
}
