import Box from '@mui/material/Box';
import { Link as RouterLink } from '../../routing/Link';
import { translateApp } from '../../routing/translateApp';
import { REPORT_PATH, STATEMENT_PATH } from './paths';

const linkSx = { color: 'primary.main', fontWeight: 600 } as const;

/** The footer of every portal page: the accessibility statement and the form that reports a problem. */
export function AccessibilityFooter() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        px: { xs: 2, md: 4 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        fontSize: '0.875rem',
      }}
    >
      <Box component={RouterLink} to={STATEMENT_PATH} sx={linkSx}>
        {translateApp('app.a11y.statement.link')}
      </Box>
      <Box component={RouterLink} to={REPORT_PATH} sx={linkSx}>
        {translateApp('app.a11y.report.title')}
      </Box>
    </Box>
  );
}
