import { Alert } from '@mui/material';
import { errorStatus } from './queries';

export interface LoadProblemTexts {
  forbidden: string;
  notFound: string;
  other: string;
}

export const TEAM_PROBLEMS: LoadProblemTexts = {
  forbidden: 'Non hai accesso a questo team.',
  notFound: 'Team non trovato.',
  other: 'Impossibile caricare il team. Riprova più tardi.',
};

export const SESSION_PROBLEMS: LoadProblemTexts = {
  forbidden: 'Non hai accesso a questa sessione.',
  notFound: 'Sessione non trovata.',
  other: 'Impossibile caricare la sessione. Riprova più tardi.',
};

/** What the API's 503 means (the database is down or busy): the same on every portal screen. */
export const SERVICE_UNAVAILABLE = 'Servizio temporaneamente non disponibile. Riprova tra qualche istante.';

export function loadProblemText(error: unknown, texts: LoadProblemTexts): string {
  const status = errorStatus(error);
  if (status === 503) return SERVICE_UNAVAILABLE;
  if (status === 403) return texts.forbidden;
  // A malformed id in the address (400/422) names nothing that exists either.
  if (status === 404 || status === 400 || status === 422) return texts.notFound;
  return texts.other;
}

/** Why a page cannot show its record: refused (403), missing (404) or failed. */
export function LoadProblem({ error, texts }: { error: unknown; texts: LoadProblemTexts }) {
  const status = errorStatus(error);
  const refused = status !== undefined && status >= 400 && status < 500;
  return (
    <Alert severity={refused ? 'warning' : 'error'} role="alert" sx={{ borderRadius: 2 }}>
      {loadProblemText(error, texts)}
    </Alert>
  );
}
