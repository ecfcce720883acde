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
import { formatDateTime } from '../../dates/format';
import type { Session } from './types';

/** The tiles' column width from which three fit side by side: each needs about 13 rem. */
const THREE_TILES_MIN_WIDTH = '42rem';
/** Below three side by side and from this width, each tile is a row: its texts, then its button. */
const TILE_AS_ROW_MIN_WIDTH = '28rem';

/*
 * A tile: its title, its texts and its button, if any (a text saying why there is none is one of
 * its texts).
 * Three side by side (or alone on a phone's width) it is a column, the action at the bottom; alone
 * on a wider line, a row with the action beside the texts rather than a button as wide as the page.
 */
function Tile({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        height: '100%',
        [`@container (min-width: ${TILE_AS_ROW_MIN_WIDTH}) and (not (min-width: ${THREE_TILES_MIN_WIDTH}))`]: {
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 2,
          alignItems: 'center',
          '& > :nth-child(1)': { gridColumn: 1, gridRow: 1 },
          '& > :nth-child(2)': { gridColumn: 1, gridRow: 2 },
          '& > :nth-child(3)': { gridColumn: 2, gridRow: '1 / span 2', maxWidth: '16rem' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
        {icon}
        <Typography component="p" sx={{ fontWeight: 700 }} color="text.primary">
          {title}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>{children}</Box>
      {action}
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
    // Side by side only where the column they sit in has room for three (their titles and buttons
    // on a line of their own): that column's width, not the screen's, decides, since a screen of
    // 1280 px also holds the navigation and the side cards.
    <Box component="section" aria-label={translate('app.team.tiles.label')} sx={{ containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr)',
          [`@container (min-width: ${THREE_TILES_MIN_WIDTH})`]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Tile
          icon={<Folder aria-hidden="true" />}
          title={translate('app.team.tiles.drive_title')}
          action={
            driveUrl ? (
              <Button href={driveUrl} size="sm">
                {translate('app.team.tiles.drive_open')}
              </Button>
            ) : undefined
          }
        >
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {translate('app.team.tiles.drive_text')}
          </Typography>
          {!driveUrl && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.team.tiles.drive_missing')}
            </Typography>
          )}
        </Tile>
        <Tile
          icon={<Event aria-hidden="true" />}
          title={translate('app.team.tiles.next_title')}
          action={
            loadingNext ? (
              <Button size="sm" disabled sx={{ visibility: 'hidden' }}>
                {translate('app.team.tiles.next_open')}
              </Button>
            ) : next && nextHref ? (
              <Button to={nextHref} size="sm">
                {translate('app.team.tiles.next_open')}
              </Button>
            ) : undefined
          }
        >
          {loadingNext ? (
            // Lines as tall as the time, the name and the button that come: the tiles below stay put.
            <>
              <Typography variant="body2" color="text.secondary" sx={lineOf('body1')}>
                {translate('app.team.loading')}
              </Typography>
              <Typography variant="body2" aria-hidden="true" sx={lineOf('body2')} />
            </>
          ) : next ? (
            <>
              <Typography sx={{ fontWeight: 600 }} data-testid="next-appointment-time">
                {formatDateTime(next.start_time)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {next.name}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.team.tiles.next_none')}
            </Typography>
          )}
        </Tile>
        <Tile
          icon={<OndemandVideo aria-hidden="true" />}
          title={translate('app.team.tiles.courses_title')}
          action={
            coursesAccess ? (
              <Button to="/courses" size="sm">
                {translate('app.team.tiles.courses_open')}
              </Button>
            ) : undefined
          }
        >
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {translate('app.team.tiles.courses_text')}
          </Typography>
          {!coursesAccess && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.team.tiles.courses_no_access')}
            </Typography>
          )}
        </Tile>
      </Box>
    </Box>
  );
}
