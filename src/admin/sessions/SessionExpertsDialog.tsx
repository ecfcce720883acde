import type { RaRecord } from 'react-admin';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { PeoplePickerDialog } from '../common/PeoplePickerDialog';
import { expertPicker } from '../common/pickers';
import { useSessionDetail } from './useSessionDetail';

const TEXTS = {
  title: 'resources.sessions.page.experts_title',
  pick: 'resources.sessions.page.add_expert',
  add: 'resources.sessions.page.add',
  empty: 'resources.sessions.page.experts_empty',
  remove: 'resources.sessions.page.remove_expert',
};

/** A session's experts, picked among the experts; a failed change is only logged, as the other session dialogs do. */
export function SessionExpertsDialog({
  session,
  open,
  onClose,
}: {
  session: RaRecord;
  open: boolean;
  onClose: () => void;
}) {
  const dataProvider = useAppDataProvider();
  const { data, isPending, refetch } = useSessionDetail(session.id, open);
  return (
    <PeoplePickerDialog
      open={open}
      onClose={onClose}
      texts={TEXTS}
      record={session}
      picker={expertPicker}
      people={data?.experts}
      loading={isPending}
      add={(userId) => dataProvider.addSessionExpert(session.id, userId)}
      remove={(userId) => dataProvider.removeSessionExpert(session.id, userId)}
      reload={refetch}
      failures="log"
    />
  );
}
