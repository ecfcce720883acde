import { useState } from 'react';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useMutation } from '@tanstack/react-query';
import { useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { expertPicker } from '../common/pickers';
import { EmptyState, ListSpinner } from '../common/ResourceTable';
import { RowAction } from '../common/RowAction';
import { ScrollDialog } from '../common/ScrollDialog';
import { SearchPicker } from '../common/SearchPicker';
import { fullName } from '../common/text';
import { useSessionDetail } from './useSessionDetail';

/** The session's experts: list, add through the expert picker, remove. Failures are only logged (SPEC §8). */
export function SessionExpertsDialog({ session, open, onClose }: { session: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const { data, isPending, refetch } = useSessionDetail(session.id, open);
  const experts = data?.experts ?? [];

  const afterChange = async () => {
    await refetch();
    refresh();
  };
  const logFailure = (error: unknown) => console.error(`Session ${session.id}: expert change failed`, error);

  const add = useMutation({
    mutationFn: (userId: Identifier) => dataProvider.addSessionExpert(session.id, userId),
    onSuccess: async () => {
      setPicked(null);
      await afterChange();
    },
    onError: logFailure,
  });
  const remove = useMutation({
    mutationFn: (userId: Identifier) => dataProvider.removeSessionExpert(session.id, userId),
    onSuccess: afterChange,
    onError: logFailure,
  });

  return (
    <ScrollDialog
      open={open}
      onClose={onClose}
      title={translate('resources.sessions.page.experts_title', { name: session.name })}
      header={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <SearchPicker
              config={expertPicker}
              label={translate('resources.sessions.page.add_expert')}
              value={picked}
              onChange={setPicked}
              excludeIds={experts.map((expert) => expert.id)}
            />
          </Box>
          <Button size="sm" disabled={!picked} loading={add.isPending} onClick={() => picked && add.mutate(picked.id)}>
            {translate('resources.sessions.page.add')}
          </Button>
        </Box>
      }
    >
      {isPending ? (
        <ListSpinner />
      ) : experts.length === 0 ? (
        <EmptyState text={translate('resources.sessions.page.experts_empty')} />
      ) : (
        <List dense>
          {experts.map((expert) => (
            <ListItem
              key={expert.id}
              divider
              secondaryAction={
                <RowAction
                  label={translate('resources.sessions.page.remove_expert', { name: fullName(expert) })}
                  icon={<PersonRemoveIcon />}
                  color="error"
                  onClick={() => remove.mutate(expert.id)}
                />
              }
            >
              <ListItemAvatar>
                <Avatar name={fullName(expert)} path={expert.avatar} size={32} decorative />
              </ListItemAvatar>
              <ListItemText primary={fullName(expert)} secondary={expert.email} />
            </ListItem>
          ))}
        </List>
      )}
    </ScrollDialog>
  );
}
