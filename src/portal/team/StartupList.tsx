import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from '../../routing/Link';
import { Avatar } from '../../components/Avatar';
import { SideCard } from './SideCard';
import type { SessionTeam } from './types';

/** The session's teams, for an expert: a list that scrolls within a fixed height. */
export function StartupList({ teams }: { teams: ReadonlyArray<SessionTeam> }) {
  const translate = useTranslate();
  return (
    <SideCard title={translate('app.team.startups.title')}>
      {teams.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.team.startups.all')}
        </Typography>
      ) : (
        <Box
          sx={{ maxHeight: 280, overflowY: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={translate('app.team.startups.list')}
        >
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {teams.map((team) => (
              <Box component="li" key={team.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Avatar name={team.name} src={team.avatar} size={36} decorative />
                <Link component={RouterLink} to={`/percorso/${team.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                  {team.name}
                </Link>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </SideCard>
  );
}
