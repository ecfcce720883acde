import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Avatar } from '../../components/Avatar';
import type { Person } from './types';

/** Avatar, full name, e-mail and (when present) mobile of a coordinator, member or expert. */
export function PersonLine({ person, avatarSize = 40 }: { person: Person; avatarSize?: number }) {
  const fullName = `${person.name} ${person.surname}`.trim();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar name={fullName} path={person.avatar} size={avatarSize} decorative />
      {/* Long names and addresses wrap rather than being cut: nothing is out of reach. */}
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
        <Typography variant="body2">
          <Link href={`mailto:${person.email}`} underline="hover" color="text.secondary">
            {person.email}
          </Link>
        </Typography>
        {person.mobile && (
          <Typography variant="body2">
            <Link href={`tel:${person.mobile.replace(/\s+/g, '')}`} underline="hover" color="text.secondary">
              {person.mobile}
            </Link>
          </Typography>
        )}
      </Box>
    </Box>
  );
}
