import ButtonBase, { type ButtonBaseProps } from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';

export interface IconButtonProps extends Omit<ButtonBaseProps, 'aria-label'> {
  /** An icon alone says nothing to assistive technology: the button's name is required. */
  'aria-label': string;
  /** `small`: 5 px around the icon instead of 8. */
  size?: 'small' | 'medium';
}

/*
 * The round icon button MUI's IconButton draws (padding, hover tint, keyboard focus through
 * ButtonBase), for the portal's few icon-only controls: a styled ButtonBase is a fraction of
 * IconButton's code, which would load with the pages that show one.
 */
const Round = styled(ButtonBase, { shouldForwardProp: (prop) => prop !== 'size' })<{ size: 'small' | 'medium' }>(
  ({ theme, size }) => ({
    flex: '0 0 auto',
    padding: size === 'small' ? 5 : 8,
    borderRadius: '50%',
    color: theme.palette.action.active,
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&.Mui-focusVisible': { backgroundColor: theme.palette.action.focus },
    '&.Mui-disabled': { color: theme.palette.action.disabled },
  }),
);

export function IconButton({ size = 'medium', ...props }: IconButtonProps) {
  // As MUI's: a press ripples out from the icon's centre, not from where the finger landed.
  return <Round size={size} centerRipple {...props} />;
}
