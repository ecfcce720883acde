import { useId } from 'react';
import { Alert, AlertTitle } from '@mui/material';

/** Shown beside a session the user opens as an expert rather than as a member of its team. */
export function ExpertNotice() {
  const headingId = useId();
  return (
    <Alert severity="info" component="section" aria-labelledby={headingId} sx={{ borderRadius: 2 }}>
      <AlertTitle id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
        Accesso Esperto
      </AlertTitle>
      Stai visualizzando questa sessione come esperto
    </Alert>
  );
}
