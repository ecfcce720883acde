import type { ReactNode } from 'react';
import { darken, lighten } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningIcon from '@mui/icons-material/ReportProblemOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import SuccessIcon from '@mui/icons-material/CheckCircleOutlineOutlined';

export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

const ICONS: Record<NoticeSeverity, ReactNode> = {
  error: <ErrorIcon fontSize="inherit" />,
  warning: <WarningIcon fontSize="inherit" />,
  info: <InfoIcon fontSize="inherit" />,
  success: <SuccessIcon fontSize="inherit" />,
};

/*
 * The colours and spacing of MUI's standard Alert (a tinted box, a darker text of the same hue, the
 * icon in the main colour): the portal's pages show a notice on most screens, and MUI's Alert with
 * its close button, its icon set and its variants weighs about 2.5 KiB (brotli) on each of them.
 */
const rootSx = (severity: NoticeSeverity) => (theme: Theme) => ({
  ...theme.typography.body2,
  display: 'flex',
  // On a narrow screen the action goes under the text rather than over it.
  flexWrap: 'wrap' as const,
  alignItems: 'flex-start',
  padding: '6px 16px',
  borderRadius: Number(theme.shape.borderRadius) * 2,
  color: darken(theme.palette[severity].light, 0.6),
  backgroundColor: lighten(theme.palette[severity].light, 0.9),
});

const iconSx = (severity: NoticeSeverity) => (theme: Theme) => ({
  display: 'flex',
  marginRight: '12px',
  padding: '7px 0',
  fontSize: 22,
  opacity: 0.9,
  color: theme.palette[severity].main,
});

export interface NoticeProps {
  severity: NoticeSeverity;
  children: ReactNode;
  /** A heading above the text, as the element `titleAs` (its id names the notice for `aria-labelledby`). */
  title?: ReactNode;
  titleAs?: 'h2' | 'h3' | 'p';
  titleId?: string;
  /** A button or link at the end of the line. */
  action?: ReactNode;
  /**
   * "alert" by default: a problem appearing tells assistive technologies at once. A notice that is
   * part of the page passes "note" (or "region" when labelled), one that appears after an action
   * "status".
   */
  role?: string;
  component?: 'div' | 'section';
  'aria-labelledby'?: string;
  sx?: SxProps<Theme>;
}

/** A message in the page: an error, a warning, information or a success, with its icon. */
export function Notice({ severity, children, title, titleAs = 'p', titleId, action, role = 'alert', component = 'div', sx, ...aria }: NoticeProps) {
  return (
    <Box component={component} role={role} sx={[rootSx(severity), ...(Array.isArray(sx) ? sx : [sx])]} {...aria}>
      <Box sx={iconSx(severity)} aria-hidden="true">
        {ICONS[severity]}
      </Box>
      <Box sx={{ py: 1, minWidth: 0, flex: '1 1 10em', overflowWrap: 'anywhere' }}>
        {title && (
          <Box component={titleAs} id={titleId} sx={{ m: 0, mb: 0.5, fontWeight: 700, fontSize: '1rem', lineHeight: 1.5 }}>
            {title}
          </Box>
        )}
        {children}
      </Box>
      {action && <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto', pl: 2, py: 0.5 }}>{action}</Box>}
    </Box>
  );
}
