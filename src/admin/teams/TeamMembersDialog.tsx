import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate, type RaRecord } from 'react-admin';
import type { TeamMember } from '../../../server/src/schemas/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { PeoplePickerDialog } from '../common/PeoplePickerDialog';
import { userPicker } from '../common/pickers';
import { formatRomeDate } from '../common/dateTime';

const TEXTS = {
  title: 'resources.teams.page.members_title',
  pick: 'resources.teams.page.add_member',
  add: 'resources.teams.page.add',
  empty: 'resources.teams.page.members_empty',
  remove: 'resources.teams.page.remove_member',
};
const JOINED = 'resources.teams.page.member_since';

/** A team's members: any user can be added; a refused change is shown. */
export function TeamMembersDialog({ team, open, onClose }: { team: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['teams', 'members', team.id];
  const { data, isPending } = useQuery({ queryKey, queryFn: () => dataProvider.getTeamMembers<TeamMember>(team.id), enabled: open });
  return (
    <PeoplePickerDialog
      open={open}
      onClose={onClose}
      texts={TEXTS}
      record={team}
      picker={userPicker}
      people={data}
      detail={(member) => translate(JOINED, { date: formatRomeDate(member.joined_at) })}
      loading={isPending}
      add={(userId) => dataProvider.addTeamMember(team.id, userId)}
      remove={(userId) => dataProvider.removeTeamMember(team.id, userId)}
      reload={() => queryClient.invalidateQueries({ queryKey })}
      failures="notify"
    />
  );
}
