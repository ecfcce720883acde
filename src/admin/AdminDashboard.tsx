import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CanAccess, Title, useGetIdentity, useTranslate } from 'react-admin';
import { useAppDataProvider } from './common/useAppDataProvider';
import { AccessDenied } from './common/AccessDenied';
import { DashboardHeading, greetingName } from './layout/AdminShell';
import type { AppIdentity } from '../authProvider';
import { ADMIN_STATS_KEY } from './dashboardData';
import { ProgrammeOverview } from './reports/ProgrammeOverview';
import { dashboardCounts } from './resource';
import { resources } from './resources';

/** The counts the sections of src/admin/resources.ts ask for, each labelled with its section's name. */
const COUNTS = dashboardCounts(resources);

function StatCards() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, isPending, isError } = useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: () => dataProvider.getAdminStats(),
  });
  if (isError) return <Typography color="error">{translate('app.admin.error')}</Typography>;
  return (
    <Box
      component="dl"
      aria-label={translate('app.admin.dashboard.counts')}
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${COUNTS.length}, 1fr)` },
      }}
    >
      {COUNTS.map(({ stat: key, name }) => (
        // A <dl> allows one <div> around each dt/dd pair, so the card itself is that div.
        <Card key={key} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`resources.${name}.name`, { smart_count: 2 })}
          </Typography>
          <Typography component="dd" variant="h2" sx={{ m: 0, fontSize: '2rem' }} data-testid={`stat-${key}`}>
            {isPending ? <Skeleton width={60} /> : data[key]}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/** The back-office home: a greeting and the counts of users, teams, sessions and experts. */
export function AdminDashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = greetingName(identity as AppIdentity | undefined);
  return (
    <CanAccess action="read" resource="admin" accessDenied={<AccessDenied />}>
      <Title title={translate('app.admin.title')} />
      <Box component="section" sx={{ py: 2 }}>
        <DashboardHeading name={name} />
        <StatCards />
        <ProgrammeOverview />
      </Box>
    </CanAccess>
  );
}
