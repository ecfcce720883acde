import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import { FORCED_COLORS, FORCED_COLORS_MARK, FORCED_COLORS_MARK_WIDTH, insetFocusRing } from '../../theme';

const ROW_PADDING = { block: 8, inline: 16 };

/** A dense row's padding (MUI's `dense` ListItemButton): a lesson in the player's list. */
export const DENSE_ROW_BLOCK = 4;

/**
 * The look of MUI's ListItemButton / MenuItem rows, for plain links and buttons: the sidebar, the
 * user menu and the player's lesson list use these instead of MUI's List and Menu components, whose
 * code (and Popover's, Modal's) would otherwise load with the pages. `block`: the row's vertical
 * padding (DENSE_ROW_BLOCK for a dense row).
 */
export const rowStyles = (theme: Theme, block = ROW_PADDING.block) =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: 0,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${block}px ${ROW_PADDING.inline}px`,
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

export const selectedRowStyles = (theme: Theme, block = ROW_PADDING.block) =>
  ({
    backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
    '&:hover': {
      backgroundColor: alpha(
        theme.palette.primary.main,
        theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity,
      ),
    },
    // Forced colours drop the background: a frame marks the row instead, inside the row's own box
    // (the padding gives its width back) so that nothing moves. A border, not an outline: the
    // focus ring is the outline, and the two show together.
    [FORCED_COLORS]: {
      border: FORCED_COLORS_MARK,
      padding: `${block - FORCED_COLORS_MARK_WIDTH}px ${ROW_PADDING.inline - FORCED_COLORS_MARK_WIDTH}px`,
    },
  }) as const;

export const rowIconStyles = (theme: Theme) =>
  ({ display: 'inline-flex', flexShrink: 0, color: theme.palette.action.active }) as const;
