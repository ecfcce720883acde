import { Stack, Typography } from '@mui/material';
import { PersonLine } from './PersonLine';
import { SideCard } from './SideCard';
import type { Person } from './types';

export function MembersCard({ members }: { members: ReadonlyArray<Person> }) {
  return (
    <SideCard title="Membri del team">
      {members.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nessun membro trovato
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {members.map((member) => (
            <li key={member.id}>
              <PersonLine person={member} />
            </li>
          ))}
        </Stack>
      )}
    </SideCard>
  );
}
