import { useEffect, useRef, useState } from 'react';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { TeamMember } from '../../../server/src/contract';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { PeoplePickerDialog } from '../common/PeoplePickerDialog';
import { RowAction } from '../common/RowAction';
import { userPicker } from '../common/pickers';
import { formatRomeDate } from '../common/dateTime';
import { fullName } from '../common/text';
import { fieldErrors } from '../../dataProvider/apiError';
import { romeDayKey } from '../../dates/calendar';
import { JOINED_ON, JoinDayField, joinDayRefusal } from './joinDay';
import { FormerMembers } from './FormerMembers';
import { MemberJoinDateDialog } from './MemberJoinDateDialog';

const TEXTS = {
  title: 'resources.teams.page.members_title',
  pick: 'resources.teams.page.add_member',
  add: 'resources.teams.page.add',
  empty: 'resources.teams.page.members_empty',
  remove: 'resources.teams.page.remove_member',
};
const JOINED = 'resources.teams.page.member_since';

/**
 * A team's members: any user can be added, from today or from the day they joined; a member's join
 * date changed; a refused change is shown.
 */
export function TeamMembersDialog({ team, open, onClose }: { team: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['teams', 'members', team.id];
  const { data, isPending } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getTeamMembers(team.id),
    enabled: open,
  });
  const { data: former } = useQuery({
    queryKey: [...queryKey, 'past'],
    queryFn: () => dataProvider.getPastTeamMembers(team.id),
    enabled: open,
  });
  // Both lists: a removed member moves from one to the other.
  const reload = () => queryClient.invalidateQueries({ queryKey });
  const [dating, setDating] = useState<TeamMember | null>(null);
  const today = romeDayKey(new Date());
  // Kept between additions: people who joined together are added one after the other.
  const [joinDay, setJoinDay] = useState(today);
  const [joinProblem, setJoinProblem] = useState<string | undefined>();
  const joinField = useRef<HTMLInputElement>(null);
  // Each opening starts from today.
  useEffect(() => {
    if (!open) return;
    setJoinDay(romeDayKey(new Date()));
    setJoinProblem(undefined);
  }, [open]);

  const add = async (userId: Identifier) => {
    const refusal = joinDayRefusal(joinDay, today, translate('resources.teams.page.join_date_required'));
    if (refusal) throw refusal;
    // Today is the moment of the addition, as without a date: not the start of the day.
    await dataProvider.addTeamMember(team.id, userId, joinDay === today ? undefined : joinDay);
  };
  return (
    <>
      <PeoplePickerDialog
        open={open}
        onClose={onClose}
        texts={TEXTS}
        record={team}
        picker={userPicker}
        people={data}
        detail={(member) => translate(JOINED, { date: formatRomeDate(member.joined_at) })}
        rowAction={(member) => (
          <RowAction
            of={null}
            label={translate('resources.teams.page.change_join_date', { name: fullName(member) })}
            icon={<EditCalendarIcon />}
            onClick={() => setDating(member)}
          />
        )}
        loading={isPending}
        add={add}
        addFields={
          <JoinDayField
            value={joinDay}
            onChange={(day) => {
              setJoinDay(day);
              setJoinProblem(undefined);
            }}
            problem={joinProblem}
            today={today}
            inputRef={joinField}
            fullWidth
          />
        }
        addError={(error) => {
          const problem = fieldErrors(error)[JOINED_ON];
          if (!problem) return false;
          // Focus goes where the problem is, and the field's message is read with it.
          setJoinProblem(problem);
          joinField.current?.focus();
          return true;
        }}
        remove={(userId) => dataProvider.removeTeamMember(team.id, userId)}
        reload={reload}
        failures="notify"
        footer={<FormerMembers people={former} />}
      />
      <MemberJoinDateDialog teamId={team.id} member={dating} onClose={() => setDating(null)} onSaved={reload} />
    </>
  );
}
