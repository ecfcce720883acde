import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RaRecord } from 'react-admin';
import type { PersonSummary } from '../../../server/src/schemas/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { PeoplePickerDialog } from '../common/PeoplePickerDialog';
import { userPicker } from '../common/pickers';

const TEXTS = {
  title: 'resources.teams.page.members_title',
  pick: 'resources.teams.page.add_member',
  add: 'resources.teams.page.add',
  empty: 'resources.teams.page.members_empty',
  remove: 'resources.teams.page.remove_member',
};

/** A team's members: any user can be added; a refused change is shown. */
export function TeamMembersDialog({ team, open, onClose }: { team: RaRecord; open: boolean; onClose: () => void }) {
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['teams', 'members', team.id];
  const { data, isPending } = useQuery({ queryKey, queryFn: () => dataProvider.getTeamMembers<PersonSummary>(team.id), enabled: open });
  return (
    <PeoplePickerDialog
      open={open}
      onClose={onClose}
      texts={TEXTS}
      record={team}
      picker={userPicker}
      people={data}
      loading={isPending}
      add={(userId) => dataProvider.addTeamMember(team.id, userId)}
      remove={(userId) => dataProvider.removeTeamMember(team.id, userId)}
      reload={() => queryClient.invalidateQueries({ queryKey })}
      failures="notify"
    />
  );
}
