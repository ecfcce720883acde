import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import Folder from '@mui/icons-material/Folder';
import Event from '@mui/icons-material/Event';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import { formatDateTime } from '../../lib/dates';
import type { Session } from './types';

function Tile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
        {icon}
        <Typography component="p" sx={{ fontWeight: 700 }} color="text.primary">
          {title}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

/** At least one line of text of `variant`, empty or not. */
const lineOf = (variant: 'body1' | 'body2') => (theme: Theme) => ({
  minHeight: `calc(${theme.typography[variant].fontSize} * ${theme.typography[variant].lineHeight})`,
});

export interface TeamTilesProps {
  driveUrl: string | null;
  next: Session | null | undefined;
  nextHref: string | null;
  loadingNext: boolean;
  /** Whether the viewer may watch the video courses: without it the tile says so instead of linking to a refusal. */
  coursesAccess: boolean;
}

/** Shared folder, next appointment and video courses. */
export function TeamTiles({ driveUrl, next, nextHref, loadingNext, coursesAccess }: TeamTilesProps) {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      aria-label={translate('app.team.tiles.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Tile icon={<Folder aria-hidden="true" />} title={translate('app.team.tiles.drive_title')}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {translate('app.team.tiles.drive_text')}
        </Typography>
        {driveUrl ? (
          <Button href={driveUrl} size="sm">
            {translate('app.team.tiles.drive_open')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.team.tiles.drive_missing')}
          </Typography>
        )}
      </Tile>
      <Tile icon={<Event aria-hidden="true" />} title={translate('app.team.tiles.next_title')}>
        {loadingNext ? (
          // Lines as tall as the time, the name and the button that come: the tiles below stay put.
          <>
            <Typography variant="body2" color="text.secondary" sx={lineOf('body1')}>
              {translate('app.team.loading')}
            </Typography>
            <Typography variant="body2" aria-hidden="true" sx={[lineOf('body2'), { flexGrow: 1 }]} />
            <Button size="sm" disabled sx={{ visibility: 'hidden' }}>
              {translate('app.team.tiles.next_open')}
            </Button>
          </>
        ) : next ? (
          <>
            <Typography sx={{ fontWeight: 600 }} data-testid="next-appointment-time">
              {formatDateTime(next.start_time)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              {next.name}
            </Typography>
            {nextHref && (
              <Button to={nextHref} size="sm">
                {translate('app.team.tiles.next_open')}
              </Button>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.team.tiles.next_none')}
          </Typography>
        )}
      </Tile>
      <Tile icon={<OndemandVideo aria-hidden="true" />} title={translate('app.team.tiles.courses_title')}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {translate('app.team.tiles.courses_text')}
        </Typography>
        {coursesAccess ? (
          <Button to="/courses" size="sm">
            {translate('app.team.tiles.courses_open')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.team.tiles.courses_no_access')}
          </Typography>
        )}
      </Tile>
    </Box>
  );
}
