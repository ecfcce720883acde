import { Typography } from '@mui/material';
import { PersonLine } from './PersonLine';
import { SideCard } from './SideCard';
import type { Person } from './types';

export function CoordinatorCard({ owner }: { owner: Person | null | undefined }) {
  return (
    <SideCard title="Coordinatore">
      {owner ? (
        <PersonLine person={owner} avatarSize={48} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Nessun coordinatore assegnato
        </Typography>
      )}
    </SideCard>
  );
}
