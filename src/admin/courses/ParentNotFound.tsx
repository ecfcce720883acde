import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from '../../routing/Link';
import { useAdminDocumentTitle } from '../layout/AdminDocumentTitle';

interface ParentNotFoundProps {
  /** Translation key of the heading ("Videocorso non trovato"). */
  title: string;
  backTo: string;
  /** Translation key of the way back. */
  backLabel: string;
}

/**
 * The page of a course's modules or of a module's lessons whose course or module does not exist
 * (a bookmark, a record another administrator deleted): says so and leads back, rather than a
 * generic error over a create button that could only fail.
 */
export function ParentNotFound({ title, backTo, backLabel }: ParentNotFoundProps) {
  const translate = useTranslate();
  const heading = translate(title);
  useAdminDocumentTitle(heading);
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title={heading} />
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {translate('app.admin.parent_missing')}
      </Alert>
      <Link component={RouterLink} to={backTo} sx={{ fontWeight: 600 }}>
        {translate(backLabel)}
      </Link>
    </Box>
  );
}
