import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from '../../routing/Link';
import { useAdminDocumentTitle } from '../layout/AdminDocumentTitle';

/**
 * A back-office path that names nothing: what react-admin's own page says, in readable contrast
 * (its text is drawn in the disabled grey, 3.3:1), with the page named in the tab and a way back.
 */
export function NotFoundPage() {
  const translate = useTranslate();
  const title = translate('ra.page.not_found');
  const basename = useBasename();
  useAdminDocumentTitle(title);
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('ra.message.not_found')}</Typography>
      <Box component={Link} to={`${basename}/`} sx={{ color: 'primary.main', fontWeight: 600 }}>
        {translate('app.admin.not_found_back')}
      </Box>
    </Box>
  );
}
