import Box from '@mui/material/Box';
import { LiveRegion } from '../../components/LiveRegion';
import ReportProblemPage from './ReportProblemPage';
import { PublicPageShell } from './PublicPageShell';

/**
 * /segnala-accessibilita for someone not signed in: the report form in the accessibility pages'
 * public frame. Whoever cannot sign in, a barrier on the sign-in page among the reasons, can still
 * say what stops them. The form's announcements need a live region: the portal's layout, which
 * has one, is not here.
 */
export default function VisitorReportPage() {
  return (
    <PublicPageShell>
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <ReportProblemPage />
      </Box>
      <LiveRegion />
    </PublicPageShell>
  );
}
