import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { PersonLine } from './PersonLine';
import { SideCard } from './SideCard';
import type { Person } from './types';

export function MembersCard({ members }: { members: ReadonlyArray<Person> }) {
  const translate = useTranslate();
  return (
    <SideCard title={translate('app.team.members.title')}>
      {members.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.team.members.none')}
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
