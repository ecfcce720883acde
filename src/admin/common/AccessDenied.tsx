import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { useAdminDocumentTitle } from '../layout/AdminDocumentTitle';

/** What a page shows to someone without its permission: a message, never the data. */
export function AccessDenied() {
  const translate = useTranslate();
  // Also where the page's own path names something else (the dashboard refused in place).
  useAdminDocumentTitle(translate('app.admin.access_denied.title'));
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title={translate('app.admin.access_denied.title')} />
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('app.admin.access_denied.title')}
      </Typography>
      <Alert severity="warning">{translate('app.admin.access_denied.text')}</Alert>
    </Box>
  );
}
