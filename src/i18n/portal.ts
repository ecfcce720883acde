import { cropMessages, imageMessages } from '../components/messages';
import { reportMessages } from '../portal/accessibility/messages';
import { calendarMessages } from '../portal/calendar/messages';
import { coursesMessages } from '../portal/courses/messages';
import { privacyMessages } from '../portal/privacy/messages';
import { signInsMessages } from '../portal/signins/messages';
import { teamMessages } from '../portal/team/messages';
import { mergeMessages, type MessageTree } from './messageTree';
import { portalShellMessages } from './portalShell';
import raItalian from './ra-it';

/**
 * All the Italian texts of the signed-in portal: react-admin's (`ra.*`, which ra-core's hooks use)
 * and the portal's `app.*` (each screen under its own sub-namespace, larger ones in their folder's
 * messages.ts). The back-office adds them all to the one i18nProvider; the portal's layout adds
 * only ./portalShell.ts, and each portal area its own texts when its code loads. The sign-in
 * screen's are in ./signIn.ts, the back-office's own (`app.admin.*`, `resources.*`) in
 * src/admin/backOfficeMessages.ts.
 */
export const portalMessages = mergeMessages(mergeMessages(raItalian as unknown as MessageTree, portalShellMessages), {
  app: {
    image: imageMessages,
    courses: coursesMessages,
    team: teamMessages,
    a11y: { crop: cropMessages, report: reportMessages },
    calendar: calendarMessages,
    privacy: privacyMessages,
    sign_ins: signInsMessages,
  },
}) as typeof portalShellMessages & MessageTree;
