import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { LearningPanel } from './LearningPanel';
import { ParticipationPanel } from './ParticipationPanel';

const TABS = ['participation', 'learning'] as const;

/** "Report": the participation and learning reports an incubator sends its funders. */
export function ReportsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('participation');
  const title = translate('resources.reports.page.title');
  return (
    <Box component="section" sx={{ py: 2, px: { xs: 0, sm: 1 } }}>
      <Title title={title} />
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.reports.page.intro')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        aria-label={translate('resources.reports.page.tabs')}
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            id={`report-tab-${name}`}
            aria-controls={`report-panel-${name}`}
            label={translate(`resources.reports.${name}.tab`)}
          />
        ))}
      </Tabs>
      {TABS.map((name) => (
        <Box
          key={name}
          role="tabpanel"
          id={`report-panel-${name}`}
          aria-labelledby={`report-tab-${name}`}
          hidden={tab !== name}
        >
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.375rem', mb: 2 }}>
            {translate(`resources.reports.${name}.title`)}
          </Typography>
          {tab === name && (name === 'participation' ? <ParticipationPanel /> : <LearningPanel />)}
        </Box>
      ))}
    </Box>
  );
}
