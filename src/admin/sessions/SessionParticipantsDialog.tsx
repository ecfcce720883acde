import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Button } from '../../components/Button';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { EmptyState, ListSpinner } from '../common/ResourceTable';
import { ScrollDialog } from '../common/ScrollDialog';
import { saveBlob } from '../../components/saveBlob';
import { ATTENDANCES_FILE, attendanceRow } from './attendanceText';
import { useSessionDetail } from './useSessionDetail';

/** "Partecipanti": the attendances with their fallbacks, and the spreadsheet download. */
export function SessionParticipantsDialog({
  session,
  open,
  onClose,
}: {
  session: RaRecord;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [downloading, setDownloading] = useState(false);
  const { data, isPending } = useSessionDetail(session.id, open);
  const attendances = data?.attendances ?? [];
  const texts = {
    userMissing: translate('resources.sessions.page.user_missing'),
    emailMissing: translate('resources.sessions.page.email_missing'),
    timeMissing: translate('resources.sessions.page.time_missing'),
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await dataProvider.downloadAttendances(session.id), ATTENDANCES_FILE);
    } catch (error) {
      console.error(`Session ${session.id}: attendances download failed`, error);
      notify('resources.sessions.page.download_error', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ScrollDialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      title={translate('resources.sessions.page.participants_title', { name: session.name })}
      actions={
        <Button size="sm" color="green" startIcon={<DownloadIcon />} loading={downloading} onClick={download}>
          {translate('resources.sessions.page.download')}
        </Button>
      }
    >
      {isPending ? (
        <ListSpinner />
      ) : attendances.length === 0 ? (
        <EmptyState text={translate('resources.sessions.page.participants_empty')} />
      ) : (
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('resources.sessions.page.participant')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('resources.users.fields.email')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('resources.sessions.page.joined_at')}
              </TableCell>
              <TableCell component="th" scope="col">
                {translate('resources.sessions.page.left_at')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attendances.map((attendance) => {
              const row = attendanceRow(attendance, texts);
              return (
                <TableRow key={attendance.id}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.email}</TableCell>
                  <TableCell>{row.joined}</TableCell>
                  <TableCell>{row.left}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </ScrollDialog>
  );
}
