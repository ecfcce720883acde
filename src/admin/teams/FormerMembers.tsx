import { useId } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PastTeamMember } from '../../../server/src/contract';
import { Avatar } from '../../components/Avatar';
import { formatRomeDate } from '../common/dateTime';
import { fullName } from '../common/text';

/**
 * Who left the team and when, under its members: removing someone ends their membership but keeps
 * it for the reports of the time they were in the team. Nothing when nobody has left.
 */
export function FormerMembers({ people }: { people: PastTeamMember[] | undefined }) {
  const translate = useTranslate();
  const headingId = useId();
  if (!people?.length) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="h6">
        {translate('resources.teams.page.former_members')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.teams.page.former_members_hint')}
      </Typography>
      <List dense>
        {people.map((person) => (
          // Someone who left twice is listed once per stay.
          <ListItem key={`${person.id}@${person.joined_at}`} divider>
            <ListItemAvatar>
              <Avatar name={fullName(person)} path={person.avatar} size={32} decorative />
            </ListItemAvatar>
            <ListItemText
              primary={fullName(person)}
              secondary={translate('resources.teams.page.member_between', {
                from: formatRomeDate(person.joined_at),
                to: formatRomeDate(person.left_at),
              })}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
