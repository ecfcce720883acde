import type { ReactNode } from 'react';
import { darken, lighten } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';

export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

/**
 * Material Icons' outlined glyphs (ErrorOutlineOutlined, ReportProblemOutlined, InfoOutlined,
 * CheckCircleOutlineOutlined), drawn as plain SVG: MUI's SvgIcon would tie every page showing a
 * notice, the visitor's report form among them, to the portal layout's chunk, where it lives.
 */
const ICON_PATHS: Record<NoticeSeverity, string> = {
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  success:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m4.59-12.42L10 14.17l-2.59-2.58L6 13l4 4 8-8z',
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
export function Notice({
  severity,
  children,
  title,
  titleAs = 'p',
  titleId,
  action,
  role = 'alert',
  component = 'div',
  sx,
  ...aria
}: NoticeProps) {
  return (
    <Box component={component} role={role} sx={[rootSx(severity), ...(Array.isArray(sx) ? sx : [sx])]} {...aria}>
      <Box sx={iconSx(severity)} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" focusable="false">
          <path d={ICON_PATHS[severity]} />
        </svg>
      </Box>
      <Box sx={{ py: 1, minWidth: 0, flex: '1 1 10em', overflowWrap: 'anywhere' }}>
        {title && (
          <Box
            component={titleAs}
            id={titleId}
            sx={{ m: 0, mb: 0.5, fontWeight: 700, fontSize: '1rem', lineHeight: 1.5 }}
          >
            {title}
          </Box>
        )}
        {children}
      </Box>
      {action && <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto', pl: 2, py: 0.5 }}>{action}</Box>}
    </Box>
  );
}
