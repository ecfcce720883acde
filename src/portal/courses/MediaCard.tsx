import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import { Link } from '../../routing/Link';

export const cardGridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

export interface MediaCardProps {
  to: string;
  cover: string | null;
  title: string;
  description: string | null;
  /** Below the description (e.g. how many lessons are completed). */
  footer?: ReactNode;
}

/** A course or module card: 16:9 cover, name and description; the whole card is the link. */
export function MediaCard({ to, cover, title, description, footer }: MediaCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex' }}>
      <CardActionArea
        component={Link}
        to={to}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%' }}
      >
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: 'primary.light',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {cover ? (
            <Box
              component="img"
              src={cover}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <VideoIcon aria-hidden="true" sx={{ fontSize: 56, color: 'primary.main' }} />
          )}
        </Box>
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography component="h2" variant="h3" gutterBottom>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
          {footer}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
