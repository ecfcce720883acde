import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslate } from 'ra-core';

/** Shown beside a session the user opens as an expert rather than as a member of its team. */
export function ExpertNotice() {
  const headingId = useId();
  const translate = useTranslate();
  return (
    <Alert severity="info" component="section" aria-labelledby={headingId} sx={{ borderRadius: 2 }}>
      <AlertTitle id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
        {translate('app.team.expert_notice.title')}
      </AlertTitle>
      {translate('app.team.expert_notice.text')}
    </Alert>
  );
}
