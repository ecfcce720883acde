import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { PersonLine } from './PersonLine';
import { SideCard } from './SideCard';
import type { Person } from './types';

export function CoordinatorCard({ owner }: { owner: Person | null | undefined }) {
  const translate = useTranslate();
  return (
    <SideCard title={translate('app.team.coordinator.title')}>
      {owner ? (
        <PersonLine person={owner} avatarSize={48} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.team.coordinator.none')}
        </Typography>
      )}
    </SideCard>
  );
}
