import Typography from '@mui/material/Typography';
import { useTranslate, type RaRecord } from 'react-admin';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { teamPicker } from '../common/pickers';
import { SearchPicker } from '../common/SearchPicker';
import { SubmitDialog } from '../common/SubmitDialog';
import { useDraftWhileOpen } from '../common/useDraftWhileOpen';
import { withSetChanges } from '../common/setChanges';

const NO_TEAMS: RaRecord[] = [];

/**
 * "Team": the session's teams through the team picker (several), saved with PUT
 * /api/sessions/{id}/teams: the teams added or removed here, applied to the session's teams at that
 * moment (common/setChanges.ts).
 */
export function SessionTeamsDialog({
  session,
  open,
  onClose,
}: {
  session: RaRecord;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const {
    shown,
    draft: teams,
    setDraft: setTeams,
  } = useDraftWhileOpen(open, (session.teams as RaRecord[] | undefined) ?? NO_TEAMS);
  return (
    <SubmitDialog
      open={open}
      onClose={onClose}
      title={translate('resources.sessions.page.teams_title', { name: session.name })}
      onSubmit={async () => {
        const { data: now } = await dataProvider.getOne('sessions', { id: session.id });
        const held = ((now.teams as RaRecord[] | undefined) ?? []).map((team) => team.id);
        await dataProvider.setSessionTeams(
          session.id,
          withSetChanges(
            shown.map((team) => team.id),
            teams.map((team) => team.id),
            held,
          ),
        );
      }}
      logFailures
    >
      <SearchPicker
        multiple
        config={teamPicker}
        label={translate('resources.sessions.fields.teams')}
        value={teams}
        onChange={setTeams}
      />
      {teams.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('resources.sessions.page.teams_hint')}
        </Typography>
      )}
    </SubmitDialog>
  );
}
