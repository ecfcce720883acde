import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Notice } from '../../components/Notice';
import { errorStatus, SERVICE_UNAVAILABLE } from '../../dataProvider/apiError';
import { Link as RouterLink } from '../../routing/Link';

/** The message keys of a page's load failures. */
export interface LoadProblemTexts {
  forbidden: string;
  notFound: string;
  other: string;
}

export const TEAM_PROBLEMS: LoadProblemTexts = {
  forbidden: 'app.team.problems.team_forbidden',
  notFound: 'app.team.problems.team_not_found',
  other: 'app.team.problems.team_other',
};

export const SESSION_PROBLEMS: LoadProblemTexts = {
  forbidden: 'app.team.problems.session_forbidden',
  notFound: 'app.team.problems.session_not_found',
  other: 'app.team.problems.session_other',
};

/** The message key for a failed load: refused (403), missing (404, or a malformed id), or failed. */
export function loadProblemKey(error: unknown, texts: LoadProblemTexts): string {
  const status = errorStatus(error);
  if (status === 503) return SERVICE_UNAVAILABLE;
  if (status === 403) return texts.forbidden;
  // A malformed id in the address (400/422) names nothing that exists either.
  if (status === 404 || status === 400 || status === 422) return texts.notFound;
  return texts.other;
}

/**
 * Why a page cannot show its record: refused (403), missing (404) or failed. A record that is
 * refused or missing stays so, so the page offers the way to the dashboard; a failure may pass.
 */
export function LoadProblem({ error, texts }: { error: unknown; texts: LoadProblemTexts }) {
  const translate = useTranslate();
  const status = errorStatus(error);
  const refused = status !== undefined && status >= 400 && status < 500;
  return (
    <>
      <Notice severity={refused ? 'warning' : 'error'}>{translate(loadProblemKey(error, texts))}</Notice>
      {refused && (
        <Typography component="p" sx={{ mt: 2 }}>
          <Box component={RouterLink} to="/dashboard" sx={{ color: 'primary.main', fontWeight: 600 }}>
            {translate('app.team.problems.back')}
          </Box>
        </Typography>
      )}
    </>
  );
}
