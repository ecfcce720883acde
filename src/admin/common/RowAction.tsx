import type { MouseEventHandler, ReactElement } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from '../../routing/Link';
import { useRowActionName } from './rowName';

export interface RowActionProps {
  /** The visible tooltip and the accessible name. */
  label: string;
  icon: ReactElement;
  onClick?: MouseEventHandler<HTMLElement>;
  /** An app route: the action is a link. */
  to?: string;
  color?: 'default' | 'primary' | 'error';
  /**
   * Whose action it is, added to the accessible name ("Modifica Team Agrisense"); by default the
   * name of the table row or card it sits in; null for the label alone.
   */
  of?: string | null;
  /** Marks the button for focus management (data-* attributes of the button). */
  'data-remove-person'?: boolean;
  /** A card's "Sposta prima" / "Sposta dopo", found again after the list reloads. */
  'data-move'?: 'earlier' | 'later';
}

/**
 * One action of a table row or card: an icon button (or link) with its label as tooltip, named by
 * the label and the row it acts on.
 */
export function RowAction({ label, icon, onClick, to, color = 'default', of, ...data }: RowActionProps) {
  const name = useRowActionName(label, of);
  const button = to ? (
    <IconButton component={RouterLink} to={to} aria-label={name} size="small" color={color}>
      {icon}
    </IconButton>
  ) : (
    <IconButton onClick={onClick} aria-label={name} size="small" color={color} {...data}>
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={label} describeChild>
      {button}
    </Tooltip>
  );
}
