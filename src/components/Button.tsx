import type { MouseEventHandler, ReactNode } from 'react';
import MuiButton from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from '../routing/Link';
import { translateApp } from '../routing/translateApp';

export type ButtonSize = 'circle' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type ButtonColor = 'primary' | 'gray' | 'red' | 'darkGray' | 'green' | 'outlinePrimary' | 'outlineGray';

interface CommonProps {
  children?: ReactNode;
  size?: ButtonSize;
  color?: ButtonColor;
  disabled?: boolean;
  /**
   * Busy: a spinner in place of the content, and clicks do nothing. The button keeps focus
   * (aria-disabled, not disabled): a disabled button drops it to the page, and a keyboard user
   * would have to find their place again after every download or save.
   */
  loading?: boolean;
  fullWidth?: boolean;
  /** Takes focus when it appears. */
  autoFocus?: boolean;
  startIcon?: ReactNode;
  onClick?: MouseEventHandler<HTMLElement>;
  'aria-label'?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

export type ButtonProps = CommonProps &
  (
    | { to: string; href?: never; newTab?: never; type?: never }
    | { href: string; to?: never; /** External links open in a new tab unless false. */ newTab?: boolean; type?: never }
    | { to?: never; href?: never; newTab?: never; type?: 'button' | 'submit' | 'reset' }
  );

const SIZE_STYLES: Record<ButtonSize, SxProps<Theme>> = {
  circle: { minWidth: 0, width: 40, height: 40, borderRadius: '50%', p: 0 },
  xs: { px: 1, py: 0.25, fontSize: '0.75rem', minHeight: 28 },
  sm: { px: 1.5, py: 0.5, fontSize: '0.8125rem', minHeight: 32 },
  md: { px: 2, py: 0.75, fontSize: '0.875rem', minHeight: 40 },
  lg: { px: 2.5, py: 1, fontSize: '1rem', minHeight: 44 },
  xl: { px: 3, py: 1.25, fontSize: '1.125rem', minHeight: 52 },
};

const filled = (bg: string, hover: string, fg = '#ffffff'): SxProps<Theme> => ({
  bgcolor: bg,
  color: fg,
  border: '1px solid transparent',
  '&:hover': { bgcolor: hover },
});

const outlined = (main: string, hover: string): SxProps<Theme> => ({
  bgcolor: 'transparent',
  color: main,
  border: '1px solid',
  borderColor: main,
  '&:hover': { bgcolor: hover },
});

const COLOR_STYLES: Record<ButtonColor, SxProps<Theme>> = {
  primary: filled('primary.main', 'primary.dark'),
  gray: filled('#e2e8f0', '#cbd5e1', '#0f172a'),
  red: filled('error.main', '#991b1b'),
  darkGray: filled('#334155', '#1e293b'),
  green: filled('success.main', '#166534'),
  outlinePrimary: outlined('primary.main', 'primary.light'),
  outlineGray: outlined('#334155', '#f1f5f9'),
};

const DISABLED_STYLE: SxProps<Theme> = {
  '&.Mui-disabled, &[aria-disabled="true"]': { opacity: 0.6, color: 'inherit' },
};

/** A busy button's click: nothing, not even the form submission or link it would start. */
const ignoreClick: MouseEventHandler<HTMLElement> = (event) => event.preventDefault();

/** The app's button: an internal link, an external link or a plain button. */
export function Button(props: ButtonProps) {
  const {
    children,
    size = 'md',
    color = 'primary',
    disabled = false,
    loading = false,
    fullWidth,
    autoFocus,
    startIcon,
    onClick,
    className,
    sx,
  } = props;
  const busy = loading && !disabled;
  const content = loading ? (
    <CircularProgress size="1.25em" color="inherit" aria-hidden="true" data-testid="button-spinner" />
  ) : (
    children
  );

  const common = {
    className,
    disabled,
    fullWidth,
    autoFocus,
    onClick: busy ? ignoreClick : onClick,
    'aria-disabled': busy || undefined,
    disableElevation: true,
    startIcon: loading ? undefined : startIcon,
    'aria-label': props['aria-label'],
    'aria-busy': loading || undefined,
    'data-size': size,
    'data-color': color,
    sx: [
      SIZE_STYLES[size],
      COLOR_STYLES[color],
      DISABLED_STYLE,
      ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
    ] as SxProps<Theme>,
  };

  if (props.to !== undefined) {
    return (
      <MuiButton component={RouterLink} to={props.to} {...common}>
        {content}
      </MuiButton>
    );
  }
  if (props.href !== undefined) {
    const newTab = props.newTab ?? true;
    // A link that opens a new tab says so, to everyone who cannot see the icon or guess it.
    const hint = newTab ? ` ${translateApp('app.a11y.new_tab')}` : '';
    return (
      <MuiButton
        component="a"
        href={props.href}
        target={newTab ? '_blank' : undefined}
        rel={newTab ? 'noopener noreferrer' : undefined}
        {...common}
        aria-label={common['aria-label'] && `${common['aria-label']}${hint}`}
      >
        {content}
        {hint && <span style={visuallyHidden as object}>{hint}</span>}
      </MuiButton>
    );
  }
  return (
    <MuiButton type={props.type ?? 'button'} {...common}>
      {content}
    </MuiButton>
  );
}
