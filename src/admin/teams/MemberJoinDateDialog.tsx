import { useEffect, useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslate, type Identifier } from 'react-admin';
import type { TeamMember } from '../../../server/src/contract';
import { romeDayKey } from '../../dates/calendar';
import { SubmitDialog } from '../common/SubmitDialog';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { fullName } from '../common/text';
import { JOINED_ON, JoinDayField, joinDayRefusal } from './joinDay';

export interface MemberJoinDateDialogProps {
  teamId: Identifier;
  /** The member whose date is changed; the dialog is closed while null. */
  member: TeamMember | null;
  onClose: () => void;
  /** Reloads the members after the change. */
  onSaved: () => Promise<unknown>;
}

/** Changes the day a member joined the team: the reports expect them at its sessions from that day on. */
export function MemberJoinDateDialog({ teamId, member, onClose, onSaved }: MemberJoinDateDialogProps) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  // While the dialog fades out, its title still names the member it was for.
  const lastMember = useRef(member);
  if (member) lastMember.current = member;
  const shown = lastMember.current;
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    if (!member) return;
    setDay(romeDayKey(member.joined_at));
    setProblem(undefined);
  }, [member]);
  const today = romeDayKey(new Date());

  const save = async () => {
    if (!member) return;
    const refusal = joinDayRefusal(day, today, translate('resources.teams.page.join_date_required'));
    if (refusal) throw refusal;
    await dataProvider.setTeamMemberJoinDate(teamId, member.id, day);
    await onSaved();
  };

  return (
    <SubmitDialog
      open={member !== null}
      onClose={onClose}
      title={shown ? translate('resources.teams.page.join_date_title', { name: fullName(shown) }) : ''}
      onSubmit={save}
      onFieldErrors={(errors) => setProblem(errors[JOINED_ON])}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.teams.page.join_date_hint')}
      </Typography>
      <JoinDayField
        value={day}
        onChange={(value) => {
          setDay(value);
          setProblem(undefined);
        }}
        problem={problem}
        today={today}
        fullWidth
      />
    </SubmitDialog>
  );
}
