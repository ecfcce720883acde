import Link from '@mui/material/Link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from '../../routing/Link';

/** The way up one level (course list ← modules ← lessons ← player). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {children}
    </Link>
  );
}
