import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'ra-core';

/** "Completamento" with its rounded percentage and a progress bar. */
export function CompletionBar({ percent }: { percent: number }) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography id={labelId} component="h2" variant="h3">
          {translate('app.courses.completion')}
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="completion-percent">
          {percent}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={labelId}
        aria-valuetext={translate('app.courses.completion_label', { percent })}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}
