import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import { insetFocusRing } from '../../theme';

/**
 * The look of MUI's ListItemButton / MenuItem rows, for plain links and buttons: the sidebar and the
 * user menu use these instead of MUI's List and Menu components, whose code (and Popover's,
 * Modal's) would otherwise load with every portal page.
 */
export const rowStyles = (theme: Theme) =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: 0,
    width: '100%',
    boxSizing: 'border-box',
    padding: '8px 16px',
    border: 0,
    margin: 0,
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'left',
    textDecoration: 'none',
    cursor: 'pointer',
    outline: 0,
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { backgroundColor: theme.palette.action.focus, ...insetFocusRing },
  }) as const;

export const selectedRowStyles = (theme: Theme) =>
  ({
    backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
    '&:hover': {
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
    },
  }) as const;

export const rowIconStyles = (theme: Theme) =>
  ({ display: 'inline-flex', flexShrink: 0, color: theme.palette.action.active }) as const;
