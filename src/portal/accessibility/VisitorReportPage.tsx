import Box from '@mui/material/Box';
import ReportProblemPage from './ReportProblemPage';
import { PublicPageShell } from './PublicPageShell';

/**
 * /segnala-accessibilita for someone not signed in: the report form in the accessibility pages'
 * public frame. Whoever cannot sign in, a barrier on the sign-in page among the reasons, can still
 * say what stops them.
 */
export default function VisitorReportPage() {
  return (
    <PublicPageShell>
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <ReportProblemPage />
      </Box>
    </PublicPageShell>
  );
}
