import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/Edit';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { useTranslate } from 'ra-core';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import type { Team } from './types';

export interface TeamHeaderProps {
  team: Team;
  canEdit: boolean;
  onEditDescription: () => void;
  onEditLogo: () => void;
}

/** The team's logo, name, description and member count, with the edit buttons when allowed. */
export function TeamHeader({ team, canEdit, onEditDescription, onEditLogo }: TeamHeaderProps) {
  const translate = useTranslate();
  return (
    <Paper
      component="section"
      aria-labelledby="team-name"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Avatar name={team.name} src={team.avatar} size={80} sx={{ borderRadius: 2 }} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id="team-name" component="h2" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {team.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.team.members_count', { smart_count: team.members_count })}
          </Typography>
          {/* A long link or word wraps anywhere rather than widening the page on a phone. */}
          <Typography
            sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            color={team.description ? 'text.primary' : 'text.secondary'}
          >
            {team.description || translate('app.team.no_description')}
          </Typography>
        </Box>
      </Box>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          <Button size="sm" color="outlinePrimary" startIcon={<Edit />} onClick={onEditDescription}>
            {translate('app.team.edit_description')}
          </Button>
          <Button size="sm" color="outlinePrimary" startIcon={<PhotoCamera />} onClick={onEditLogo}>
            {translate('app.team.edit_logo')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
