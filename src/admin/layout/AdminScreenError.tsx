import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { ScreenErrorNotice, screenErrorTitle, type ScreenErrorProps } from '../../components/ScreenErrorNotice';
import { useAdminDocumentTitle } from './AdminDocumentTitle';

/**
 * A back-office page whose code could not be downloaded, in place of the page: the bar and the menu
 * stay usable, and "Riprova" downloads it again without reloading (the lists keep their cache).
 */
export function AdminScreenError({ onRetry }: ScreenErrorProps) {
  const title = screenErrorTitle();
  useAdminDocumentTitle(title);
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <ScreenErrorNotice onRetry={onRetry} focusRetry />
    </Box>
  );
}
