import { useState } from 'react';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { useTranslate } from 'ra-core';
import { Button } from '../../components/Button';
import { announce } from '../../components/LiveRegion';
import { portalDataProvider as dataProvider } from '../portalData';
import { saveBlob } from '../../components/saveBlob';
import './texts';

/** "Aggiungi al calendario": the session as a one-event .ics file, with the session page's access rule. */
export function AddToCalendarButton({ sessionId }: { sessionId: number }) {
  const translate = useTranslate();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      saveBlob(await dataProvider.downloadSessionCalendar(sessionId), `sessione-${sessionId}.ics`);
    } catch {
      announce(translate('app.calendar.add_session_failed'), 'assertive');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button color="outlinePrimary" startIcon={<EventAvailable />} loading={pending} onClick={() => void download()}>
      {translate('app.calendar.add_session')}
    </Button>
  );
}
