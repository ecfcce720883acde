import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import Folder from '@mui/icons-material/Folder';
import Event from '@mui/icons-material/Event';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
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

export interface TeamTilesProps {
  driveUrl: string | null;
  next: Session | null | undefined;
  nextHref: string | null;
  loadingNext: boolean;
}

/** Shared folder, next appointment and video courses. */
export function TeamTiles({ driveUrl, next, nextHref, loadingNext }: TeamTilesProps) {
  return (
    <Box
      component="section"
      aria-label="Collegamenti rapidi"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Tile icon={<Folder aria-hidden="true" />} title="Cartella condivisa">
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          I documenti del team su Drive.
        </Typography>
        {driveUrl ? (
          <Button href={driveUrl} size="sm">
            Apri la cartella
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Cartella non ancora disponibile
          </Typography>
        )}
      </Tile>
      <Tile icon={<Event aria-hidden="true" />} title="Prossimo appuntamento">
        {loadingNext ? (
          <Typography variant="body2" color="text.secondary">
            Caricamento…
          </Typography>
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
                Vedi l'appuntamento
              </Button>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nessun appuntamento in programma
          </Typography>
        )}
      </Tile>
      <Tile icon={<OndemandVideo aria-hidden="true" />} title="Videocorsi">
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          Impara al tuo ritmo con i corsi on demand.
        </Typography>
        <Button to="/courses" size="sm">
          Vai ai videocorsi
        </Button>
      </Tile>
    </Box>
  );
}
