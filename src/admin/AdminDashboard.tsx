import { Title, useGetIdentity, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';

/** Placeholder admin dashboard: the greeting only (the counts come with the back-office issue). */
export function AdminDashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <>
      <Title title={translate('app.menu.admin')} />
      <Typography variant="h1" sx={{ mt: 2 }}>
        {translate('app.dashboard.greeting', { name: identity?.user?.name ?? '' })}
      </Typography>
    </>
  );
}

export default AdminDashboard;
