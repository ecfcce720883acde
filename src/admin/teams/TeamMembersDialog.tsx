import { useState } from 'react';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { PersonSummary } from '../../../server/src/schemas/contract';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { userPicker } from '../common/pickers';
import { EmptyState, ListSpinner } from '../common/ResourceTable';
import { RowAction } from '../common/RowAction';
import { ScrollDialog } from '../common/ScrollDialog';
import { SearchPicker } from '../common/SearchPicker';
import { fullName } from '../common/text';

/** The members modal: the list (scrolling at 24rem), add through the user picker, remove. */
export function TeamMembersDialog({ team, open, onClose }: { team: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const queryKey = ['teams', 'members', team.id];
  const { data: members, isPending } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getTeamMembers<PersonSummary>(team.id),
    enabled: open,
  });

  const afterChange = async () => {
    await queryClient.invalidateQueries({ queryKey });
    refresh();
  };
  const onError = (error: unknown) => notify((error as Error)?.message || 'app.admin.error', { type: 'error' });

  const add = useMutation({
    mutationFn: (userId: Identifier) => dataProvider.addTeamMember(team.id, userId),
    onSuccess: async () => {
      setPicked(null);
      await afterChange();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (userId: Identifier) => dataProvider.removeTeamMember(team.id, userId),
    onSuccess: afterChange,
    onError,
  });

  return (
    <ScrollDialog
      open={open}
      onClose={onClose}
      title={translate('resources.teams.page.members_title', { name: team.name })}
      header={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <SearchPicker
              config={userPicker}
              label={translate('resources.teams.page.add_member')}
              value={picked}
              onChange={setPicked}
              excludeIds={(members ?? []).map((member) => member.id)}
            />
          </Box>
          <Button size="sm" disabled={!picked} loading={add.isPending} onClick={() => picked && add.mutate(picked.id)}>
            {translate('resources.teams.page.add')}
          </Button>
        </Box>
      }
    >
      {isPending ? (
        <ListSpinner />
      ) : !members?.length ? (
        <EmptyState text={translate('resources.teams.page.members_empty')} />
      ) : (
        <List dense>
          {members.map((member) => (
            <ListItem
              key={member.id}
              divider
              secondaryAction={
                <RowAction
                  label={translate('resources.teams.page.remove_member', { name: fullName(member) })}
                  icon={<PersonRemoveIcon />}
                  color="error"
                  onClick={() => remove.mutate(member.id)}
                />
              }
            >
              <ListItemAvatar>
                <Avatar name={fullName(member)} path={member.avatar} size={32} decorative />
              </ListItemAvatar>
              <ListItemText primary={fullName(member)} secondary={member.email} />
            </ListItem>
          ))}
        </List>
      )}
    </ScrollDialog>
  );
}
